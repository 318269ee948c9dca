import { createHmac } from "node:crypto";
import { sameSecret } from "./sameSecret";

/**
 * A webhook delivery's signature as the hosted platform computes it: HMAC-SHA256 of the raw body
 * under the receiver's secret, lowercase hex. Server code only (the platform signs, the dashboard checks).
 */
export function signDelivery(body: string, secret: string): string {
  return createHmac("sha256", secret).update(body, "utf8").digest("hex");
}

/** Whether `signature` is the body's, compared in constant time; false for anything malformed. */
export function isSignedBy(body: string, signature: string | null, secret: string): boolean {
  if (signature === null || !/^[0-9a-f]{64}$/i.test(signature.trim())) return false;
  return sameSecret(signature.trim().toLowerCase(), signDelivery(body, secret));
}
