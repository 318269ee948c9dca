// The proxy's check and redaction of one page of events, in one process (issue 20): CPU per pass of
// lib/upstream/eventsBytes.ts over a page the platform wrote, for each disclosure, beside a
// JSON.parse of the same text. Fetch a page first, e.g.
//   curl -H "Authorization: Bearer demo_business_key" \
//     "http://127.0.0.1:8870/events?event=clicks&interval=30d&limit=100" -o page.json
//   node --import tsx scripts/bench/proxyRedact.ts page.json [--rounds 400]
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { redactEventsBytes } from "../../lib/upstream/eventsBytes";
import type { Disclosure } from "../../lib/upstream/privacy";
import { cpuMsPerCall, percentile } from "./stats";

const DISCLOSURES: Record<string, Disclosure> = {
  "owner (IPs shown)": { revealIps: true },
  "member (IPs masked)": { revealIps: false },
  "viewer (IPs masked, no emails)": { revealIps: false, hideEmails: true },
};

/** The median CPU ms of a call of `run`, over `rounds` calls after as many untimed ones. */
async function cpuPerCall(rounds: number, run: () => void): Promise<number> {
  const call = async () => run();
  for (let n = 0; n < rounds; n++) await call();
  const sorted = (await cpuMsPerCall(call, rounds)).sort((a, b) => a - b);
  return percentile(sorted, 0.5);
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { rounds: { type: "string", default: "400" } },
  });
  const rounds = Number(values.rounds);
  const file = positionals[0];
  if (!file) throw new Error("usage: proxyRedact.ts <page.json> [--rounds N]");
  const bytes = new Uint8Array(await readFile(file));
  const text = new TextDecoder().decode(bytes);
  console.log(`load average: ${(await readFile("/proc/loadavg", "utf8")).split(" ").slice(0, 3).join(" ")}`);
  console.log(`page: ${bytes.length} bytes`);
  const parse = await cpuPerCall(rounds, () => JSON.parse(text));
  console.log(`JSON.parse of the text: ${parse.toFixed(3)} ms`);
  for (const [name, disclosure] of Object.entries(DISCLOSURES)) {
    let out: Uint8Array | null = null;
    const ms = await cpuPerCall(rounds, () => {
      out = redactEventsBytes(bytes, disclosure);
    });
    if (!out) throw new Error(`${name}: the pass could not read the page`);
    console.log(`redactEventsBytes, ${name}: ${ms.toFixed(3)} ms (${(ms / parse).toFixed(2)}× the parse)`);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
