import { describe, expect, it } from "vitest";
import { signInMethodOf } from "./signInMethod";

describe("a session's sign-in method", () => {
  it("is single sign-on only when the session is made by the OIDC provider's callback", () => {
    expect(signInMethodOf("/oauth2/callback/oidc")).toBe("oidc");
    expect(signInMethodOf("/callback/oidc")).toBe("oidc");
    for (const path of [
      "/sign-in/email",
      "/two-factor/verify-totp",
      "/two-factor/verify-backup-code",
      "/reset-password",
      "/sign-in/oauth2",
      "/x/oauth2/callback/oidc",
      null,
      undefined,
    ]) {
      expect(signInMethodOf(path), String(path)).toBe("password");
    }
  });
});
