import { describe, expect, it } from "vitest";
import { sealedBox } from "./sealedBox";

describe("sealedBox", () => {
  const secret = "a-server-secret-of-at-least-32-characters";

  it("opens what it sealed, and nothing sealed under another secret or purpose, or altered", () => {
    const box = sealedBox(secret, "workspace-keys");
    const sealed = box.seal("demo_business_key");
    expect(sealed).not.toContain("demo_business_key");
    expect(box.seal("demo_business_key")).not.toBe(sealed);
    expect(box.open(sealed)).toBe("demo_business_key");
    expect(() => sealedBox(`${secret}!`, "workspace-keys").open(sealed)).toThrow();
    expect(() => sealedBox(secret, "other").open(sealed)).toThrow();
    const parts = sealed.split(".");
    parts[3] = Buffer.from("demo_business_kez").toString("base64url");
    expect(() => box.open(parts.join("."))).toThrow();
  });
});
