import nodemailer from "nodemailer";

/** One message: a plain-text part always, HTML beside it when given, images inline by content id. */
export interface MailMessage {
  to: readonly string[];
  subject: string;
  text: string;
  html?: string;
  /** Inline images, referenced from the HTML as `cid:<cid>`: never fetched from the dashboard. */
  inline?: readonly { cid: string; filename: string; contentType: string; content: Buffer }[];
  /** Extra headers, e.g. `List-Unsubscribe`. */
  headers?: Readonly<Record<string, string>>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export class MailConfigError extends Error {}

/**
 * Mail through the operator's SMTP server: `SMTP_URL` (`smtp://user:pass@host:587`, `smtps://…`
 * for TLS from the first byte) and `MAIL_FROM` (default `Linklens <linklens@localhost>`). The SMTP
 * server is the operator's own, so it is not put through the workspace address policy.
 * Returns null when `SMTP_URL` is unset: features that mail say so instead of failing later.
 */
export function mailerFromEnvironment(env: Readonly<Record<string, string | undefined>>): Mailer | null {
  const url = env.SMTP_URL?.trim();
  if (!url) return null;
  return createMailer(url, env.MAIL_FROM?.trim() || "Linklens <linklens@localhost>");
}

export function createMailer(smtpUrl: string, from: string): Mailer {
  let parsed: URL;
  try {
    parsed = new URL(smtpUrl);
  } catch {
    throw new MailConfigError("SMTP_URL is not a URL (expected smtp://user:password@host:port).");
  }
  if (parsed.protocol !== "smtp:" && parsed.protocol !== "smtps:")
    throw new MailConfigError("SMTP_URL must start with smtp:// or smtps://.");
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({
        from,
        to: [...message.to],
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers ? { ...message.headers } : undefined,
        attachments: message.inline?.map((image) => ({
          cid: image.cid,
          filename: image.filename,
          contentType: image.contentType,
          content: image.content,
        })),
      });
    },
    close: () => transport.close(),
  };
}
