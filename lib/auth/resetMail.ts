import type { MailMessage } from "../mail/mailer";

/** The password-reset mail: the link, how long it works, and what to do if it was not you. */
export function resetMail(to: string, url: string, validMinutes: number): MailMessage {
  const text = [
    "Someone (hopefully you) asked to reset your Linklens password.",
    "",
    `Choose a new one: ${url}`,
    "",
    `The link works once, within ${validMinutes} minutes. Resetting signs you out everywhere. If you did not ask for it, ignore this mail: your password stays as it is.`,
  ].join("\n");
  return { to: [to], subject: "Reset your Linklens password", text };
}
