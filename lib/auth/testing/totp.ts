import { URI, TOTP } from "otpauth";

/** The code an authenticator app shows at `at` (ms) for an otpauth:// URI: computed, never waited for. */
export function totpCode(otpauthUri: string, at: number): string {
  const parsed = URI.parse(otpauthUri);
  if (!(parsed instanceof TOTP)) throw new Error("not a TOTP URI");
  return parsed.generate({ timestamp: at });
}
