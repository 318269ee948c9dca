import { fetch } from "undici";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AddressPolicy, addressPolicyFrom, type Resolver } from "./addressPolicy";
import { outboundAgent } from "./outboundAgent";
import { startRecorder, type Recorder } from "./testing/recorder";

/**
 * The policy where the address is chosen: real sockets to a loopback server that records what
 * reaches it. A name whose DNS answer turns internal after an owner saved it (rebinding), an IP
 * address in any spelling, and `localhost` never get a connection; allowed hosts do.
 */

function causeCode(error: unknown): string | undefined {
  const cause = error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined;
  return cause?.code;
}

async function refusedCode(url: string, policy: AddressPolicy): Promise<string | undefined> {
  try {
    await fetch(url, { dispatcher: outboundAgent(policy), headers: { Authorization: "Bearer sk_sealed" } });
  } catch (error) {
    return causeCode(error);
  }
  return "answered";
}

describe("connections under the address policy", () => {
  let recorder: Recorder;
  beforeAll(async () => {
    recorder = await startRecorder();
  });
  afterAll(() => recorder.close());
  beforeEach(() => {
    recorder.seen.length = 0;
  });

  it("a name that answered a public address when saved and a loopback one at connect time (rebinding) is refused, before any byte leaves", async () => {
    const answers = [["93.184.216.34"], ["127.0.0.1"]];
    let asked = 0;
    const rebinding: Resolver = () => Promise.resolve(answers[Math.min(asked++, answers.length - 1)]);
    const policy = new AddressPolicy([], rebinding);
    const url = `http://rebind.example:${recorder.port}/events`;
    expect(await policy.refusal(new URL(url))).toBeNull();
    expect(await refusedCode(url, policy)).toBe("ELINKLENS_ADDRESS_REFUSED");
    expect(recorder.seen).toEqual([]);
  });

  it("localhost, resolved by the system at connect time, is refused", async () => {
    expect(await refusedCode(`http://localhost:${recorder.port}/events`, new AddressPolicy([]))).toBe(
      "ELINKLENS_ADDRESS_REFUSED",
    );
    expect(recorder.seen).toEqual([]);
  });

  it.each([
    (port: number) => `http://127.0.0.1:${port}/`,
    (port: number) => `http://2130706433:${port}/`,
    (port: number) => `http://0x7f.1:${port}/`,
    (port: number) => `http://127.1:${port}/`,
    (port: number) => `http://[::ffff:127.0.0.1]:${port}/`,
  ])("an IP address (no lookup happens) is refused: %s", async (spell) => {
    expect(await refusedCode(spell(recorder.port), new AddressPolicy([]))).toBe("ELINKLENS_ADDRESS_REFUSED");
    expect(recorder.seen).toEqual([]);
  });

  it("hosts the operator allows are reached: by name and port, by CIDR, and LINK_API_BASE_URL's", async () => {
    const byName = addressPolicyFrom({ LINK_API_ALLOWED_HOSTS: `localhost:${recorder.port}` });
    expect(await refusedCode(`http://localhost:${recorder.port}/a`, byName)).toBe("answered");
    expect(await refusedCode(`http://localhost:${recorder.port + 1}/b`, byName)).toBe("ELINKLENS_ADDRESS_REFUSED");
    expect(
      await refusedCode(
        `http://127.0.0.1:${recorder.port}/c`,
        addressPolicyFrom({ LINK_API_ALLOWED_HOSTS: "127.0.0.0/8" }),
      ),
    ).toBe("answered");
    expect(
      await refusedCode(`http://127.0.0.1:${recorder.port}/d`, addressPolicyFrom({ LINK_API_BASE_URL: recorder.url })),
    ).toBe("answered");
    expect(recorder.seen.map((s) => s.path)).toEqual(["/a", "/c", "/d"]);
  });
});
