import "server-only";
import type { App } from "../dashboard/dashboardApp";
import { refusal } from "../guard/refusal";

export type NewAccount = { name: string; email: string; password: string };

/**
 * An account with a password, created on the server (sign-up is closed: only the setup link and
 * invitations create accounts), through better-auth's own adapter and its password hashing (argon2id);
 * it throws the refusal (403 without sign-in, 409 for a taken address).
 */
export async function createAccount(app: App, account: NewAccount): Promise<{ userId: string }> {
  if (!app.auth) throw refusal("forbidden", "Sign-in is not configured: set LINKLENS_SECRET.");
  const context = await app.auth.$context;
  const existing = await context.internalAdapter.findUserByEmail(account.email);
  if (existing)
    throw refusal("conflict", "An account with this email exists already: sign in with it, then open the link again.");
  const user = await context.internalAdapter.createUser(
    { email: account.email, name: account.name, emailVerified: true },
    { method: "email-password" },
  );
  await context.internalAdapter.linkAccount({
    userId: user.id,
    providerId: "credential",
    accountId: user.id,
    password: await context.password.hash(account.password),
  });
  return { userId: user.id };
}
