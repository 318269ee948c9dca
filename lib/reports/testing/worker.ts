/**
 * One dashboard process's reports worker, for the multi-process tests (../replicas.int.test.ts):
 * it opens the shared PostgreSQL database, builds the dashboard as the tests do, moves its clock
 * to `--at`, and runs `--passes` passes of the worker; or, with `--hold`, claims one run and then
 * waits (to be killed between the slot and the sending). Prints one JSON line per step.
 */
import { parseArgs } from "node:util";
import { SECRET, ORIGIN, testApp } from "../../dashboard/testing/testApp";
import { openDatabase } from "../../db/openDatabase";
import { outboundAgent } from "../../http/outboundAgent";
import { createMailer } from "../../mail/mailer";
import { buildReports } from "../reports";

const { values } = parseArgs({
  options: {
    database: { type: "string" },
    platform: { type: "string" },
    smtp: { type: "string" },
    at: { type: "string" },
    passes: { type: "string", default: "3" },
    hold: { type: "boolean", default: false },
  },
});

async function main() {
  if (!values.database || !values.platform || !values.smtp || !values.at)
    throw new Error("--database, --platform, --smtp and --at are required");
  const database = await openDatabase({ url: values.database });
  const t = await testApp(database, values.platform);
  t.clock.advance(Number(values.at) - t.clock.now());
  const mailer = createMailer(values.smtp, "Linklens <reports@example.com>");
  const reports = buildReports(t.app, {
    mailer,
    secret: SECRET,
    publicUrl: ORIGIN,
    dispatcher: outboundAgent(t.app.addresses),
  });
  if (values.hold) {
    await reports.queue.enqueueDue();
    const claimed = await reports.queue.claim();
    console.log(JSON.stringify({ claimed: claimed?.run.id ?? null }));
    await new Promise(() => {});
  }
  let ran = 0;
  for (let pass = 0; pass < Number(values.passes); pass++) ran += await reports.runner.tick();
  console.log(JSON.stringify({ ran }));
  mailer.close();
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : String(error));
  process.exit(1);
});
