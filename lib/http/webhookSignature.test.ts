import { describe, expect, it } from "vitest";
import { isSignedBy, signDelivery } from "./webhookSignature";

describe("webhook signatures", () => {
  const body = '{"id":"evt_1","event":"link.clicked"}';

  it("are the hex HMAC-SHA256 of the raw body under the secret", () => {
    // echo -n '{"id":"evt_1","event":"link.clicked"}' | openssl dgst -sha256 -hmac whsec_test
    expect(signDelivery(body, "whsec_test")).toBe("d02a0e97cc286900a1c827b841123217a8436cc723c1790b931d8549ccea70ba");
    expect(isSignedBy(body, signDelivery(body, "whsec_test"), "whsec_test")).toBe(true);
    expect(isSignedBy(body, signDelivery(body, "whsec_test").toUpperCase(), "whsec_test")).toBe(true);
  });

  it("refuse another secret, another body, and anything that is not a signature", () => {
    const signature = signDelivery(body, "whsec_test");
    expect(isSignedBy(body, signature, "whsec_other")).toBe(false);
    expect(isSignedBy(`${body} `, signature, "whsec_test")).toBe(false);
    for (const bad of [null, "", "abc", signature.slice(1), `${signature}00`, "z".repeat(64)])
      expect(isSignedBy(body, bad, "whsec_test")).toBe(false);
  });
});
