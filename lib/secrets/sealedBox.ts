import "server-only";
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const VERSION = "v1";

export interface SealedBox {
  seal(plain: string): string;
  /** Throws when the text was not sealed with this secret or was altered. */
  open(sealed: string): string;
}

/**
 * AES-256-GCM under a key derived (HKDF-SHA-256) from the server secret for one `purpose`, so the
 * same secret never keys two uses. Sealed text is `v1.<iv>.<tag>.<ciphertext>` in base64url; the
 * purpose is bound as associated data too.
 */
export function sealedBox(secret: string, purpose: string): SealedBox {
  const key = Buffer.from(hkdfSync("sha256", secret, "linklens", purpose, 32));
  const aad = Buffer.from(purpose);
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      cipher.setAAD(aad);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return [
        VERSION,
        iv.toString("base64url"),
        cipher.getAuthTag().toString("base64url"),
        body.toString("base64url"),
      ].join(".");
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split(".");
      if (version !== VERSION || !iv || !tag || body === undefined) throw new Error("not a sealed value");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAAD(aad);
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
    },
  };
}
