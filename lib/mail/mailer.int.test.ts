import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailer, MailConfigError, mailerFromEnvironment } from "./mailer";
import { startSmtpSink, type SmtpSink } from "./testing/smtpSink";

describe("mailer", () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink.close());

  it("delivers text, HTML and an inline image to a real SMTP server", async () => {
    const mailer = createMailer(sink.url, "Linklens <reports@example.test>");
    const png = Buffer.from("89504e470d0a1a0a", "hex");
    await mailer.send({
      to: ["ana@example.test"],
      subject: "Weekly report",
      text: "Clicks: 1,204",
      html: '<p>Clicks: 1,204</p><img src="cid:series">',
      inline: [{ cid: "series", filename: "series.png", contentType: "image/png", content: png }],
      headers: { "List-Unsubscribe": "<https://linklens.example/unsubscribe/t>" },
    });
    mailer.close();
    const mail = await sink.waitFor((m) => m.subject === "Weekly report");
    expect(mail.from?.text).toBe('"Linklens" <reports@example.test>');
    expect(mail.text?.trim()).toBe("Clicks: 1,204");
    expect(mail.html).toContain('src="cid:series"');
    expect(mail.attachments[0]).toMatchObject({ cid: "series", contentType: "image/png" });
    expect(mail.attachments[0].content.equals(png)).toBe(true);
    expect(mail.headerLines.find((h) => h.key === "list-unsubscribe")?.line).toBe(
      "List-Unsubscribe: <https://linklens.example/unsubscribe/t>",
    );
  });

  it("is absent without SMTP_URL and refuses a URL that is not SMTP", () => {
    expect(mailerFromEnvironment({} as NodeJS.ProcessEnv)).toBeNull();
    expect(() => createMailer("http://mail.example.test", "x@example.test")).toThrow(MailConfigError);
    expect(() => createMailer("not a url", "x@example.test")).toThrow(MailConfigError);
  });
});
