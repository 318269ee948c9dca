import { describe, expect, it } from "vitest";
import { errorBodySchema } from "../contract/errors";
import { signDelivery } from "../http/webhookSignature";
import { FakeClock } from "../upstream/testing/fakeClock";
import { LiveHub } from "./hub";
import { MAX_DELIVERY_BYTES, receiveDelivery, type Receiver } from "./receiver";

/** The receiver reads a delivery's body itself, up to its limit: a larger one is refused as it streams, never read to its end. */

const SECRET = "receiver-test-secret-0001";
const CHUNK = 64 * 1024;

function receiver(): Receiver {
  return { secret: SECRET, hub: new LiveHub(new FakeClock()) };
}

/** A body that never ends, counting what was pulled from it. */
function endless(): { stream: ReadableStream<Uint8Array>; pulled: () => number } {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled += CHUNK;
      controller.enqueue(new Uint8Array(CHUNK).fill(0x20));
    },
  });
  return { stream, pulled: () => pulled };
}

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request("http://127.0.0.1:3000/api/webhooks", { method: "POST", body, headers, duplex: "half" } as RequestInit);

async function refusedAsTooLarge(response: Response): Promise<void> {
  expect(response.status).toBe(400);
  expect(errorBodySchema.parse(await response.json()).error.message).toBe(
    `A delivery is at most ${MAX_DELIVERY_BYTES / 1024} KB.`,
  );
}

describe("the webhook receiver's body limit", () => {
  it("refuses a declared Content-Length over the limit before reading any of the body", async () => {
    const body = endless();
    await refusedAsTooLarge(
      await receiveDelivery(post(body.stream, { "content-length": String(10 * 1024 * 1024) }), receiver()),
    );
    expect(body.pulled()).toBeLessThanOrEqual(CHUNK);
  });

  it("stops reading a body that streams past the limit (chunked, no length): it is never read to its end", async () => {
    const body = endless();
    await refusedAsTooLarge(await receiveDelivery(post(body.stream), receiver()));
    expect(body.pulled()).toBeLessThanOrEqual(MAX_DELIVERY_BYTES + 3 * CHUNK);
  });

  it("reads a body within the limit, signature first", async () => {
    const payload = JSON.stringify({
      id: "evt_1",
      event: "link.clicked",
      createdAt: new Date().toISOString(),
      data: {},
    });
    const unsigned = await receiveDelivery(post(payload), receiver());
    expect(unsigned.status).toBe(401);
    const signed = await receiveDelivery(post(payload, { "dub-signature": signDelivery(payload, SECRET) }), receiver());
    expect(signed.status).toBe(422);
  });
});
