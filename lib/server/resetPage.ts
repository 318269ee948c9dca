import "server-only";
import { dashboardApp } from "./dashboardRoot";

/** Whether a password-reset link still works (not used, not expired), so its page says so before asking for a password. */
export async function resetLinkState(token: string): Promise<"valid" | "invalid" | "no-sign-in"> {
  const app = await dashboardApp();
  if (!app.auth) return "no-sign-in";
  if (!token || token.length > 200) return "invalid";
  const context = await app.auth.$context;
  const found = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  return found && new Date(found.expiresAt).getTime() > Date.now() ? "valid" : "invalid";
}

export async function canMail(): Promise<boolean> {
  return (await dashboardApp()).mailer !== null;
}
