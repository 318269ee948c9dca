import { describe, expect, it } from "vitest";
import { GatewayError } from "../upstream/gatewayError";
import { checkKey } from "./keyCheck";

const answering = (status: number, body: string) => async () => ({ status, body, headers: new Headers() });

describe("checkKey", () => {
  it("refuses a key the platform refuses, with the platform's reason", async () => {
    const body = JSON.stringify({ error: { code: "unauthorized", message: "Invalid API key.", doc_url: "x" } });
    expect(await checkKey(answering(401, body))).toEqual({
      ok: false,
      message: "the link platform refused it: Invalid API key.",
    });
    expect(await checkKey(answering(401, "<html>"))).toEqual({
      ok: false,
      message: "the link platform refused it: 401 Unauthorized",
    });
  });

  it("accepts a key the platform answers, a plan gate included", async () => {
    expect(await checkKey(answering(200, "{}"))).toEqual({ ok: true });
    expect(
      await checkKey(answering(403, '{"error":{"code":"forbidden","message":"plan too low","doc_url":"x"}}')),
    ).toEqual({ ok: true });
  });

  it("refuses when the platform cannot be asked, saying why", async () => {
    const unreachable = async () => {
      throw new GatewayError(502, "The link platform could not be reached.");
    };
    expect(await checkKey(unreachable)).toEqual({
      ok: false,
      message: "the key could not be checked: The link platform could not be reached.",
    });
  });
});
