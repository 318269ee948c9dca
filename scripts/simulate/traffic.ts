import * as z from "zod/mini";
import { visitorAddress } from "./addresses";
import type { SimulateArgs } from "./args";
import { PURCHASES, REFERERS, USER_AGENTS, customerOf, pick, seededRandom } from "./visitors";

/** Links a visitor can follow: not disabled, expired or behind a password. */
const linkList = z.array(
  z.looseObject({
    domain: z.string(),
    key: z.string(),
    trackConversion: z.optional(z.boolean()),
    password: z.optional(z.nullable(z.string())),
    disabledAt: z.optional(z.nullable(z.string())),
    expiresAt: z.optional(z.nullable(z.string())),
  }),
);
type Link = z.infer<typeof linkList>[number];

export interface Counts {
  clicks: number;
  leads: number;
  sales: number;
  failures: number;
}

export class SimulateError extends Error {}

const MAX_LINK_PAGES = 5;

async function followableLinks(args: SimulateArgs): Promise<Link[]> {
  const links: Link[] = [];
  for (let page = 1; page <= MAX_LINK_PAGES; page++) {
    let response: Response;
    try {
      response = await fetch(`${args.base}/links?page=${page}&pageSize=100`, {
        headers: { Authorization: `Bearer ${args.key}` },
      });
    } catch {
      throw new SimulateError(
        `the platform at ${args.base} could not be reached: start it with npm start (it answers once npm start prints the dashboard's address) or npm run platform -- --data <file> --writable`,
      );
    }
    if (response.status !== 200)
      throw new SimulateError(`GET /links answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
    const read = linkList.safeParse(await response.json());
    if (!read.success) throw new SimulateError("GET /links did not answer a list of links");
    links.push(...read.data);
    if (read.data.length < 100) break;
  }
  // "Never" is a date far ahead (9999-12-31), as the spec writes it: only a past one disables or expires.
  const now = Date.now();
  const past = (at: string | null | undefined) => typeof at === "string" && Date.parse(at) <= now;
  const followable = links.filter((l) => !l.password && !past(l.disabledAt) && !past(l.expiresAt));
  if (followable.length === 0) throw new SimulateError("the workspace has no link a visitor can follow");
  return followable;
}

/** fetch's own message ("fetch failed") says nothing; its cause says what the socket did. */
function causeOf(error: Error): string {
  const cause: unknown = error.cause;
  if (!(cause instanceof Error)) return "";
  const code = "code" in cause && typeof cause.code === "string" ? `${cause.code}: ` : "";
  return ` (${code}${cause.message})`;
}

const shortPath = (link: Link) =>
  link.key === "_root"
    ? `/r/${encodeURIComponent(link.domain)}`
    : `/r/${encodeURIComponent(link.domain)}/${link.key.split("/").map(encodeURIComponent).join("/")}`;

/**
 * Live traffic against the embedded platform: clicks through its short-link resolver, leads and
 * sales through its tracking endpoints, at `rate` clicks a second, until `seconds` pass or `signal`
 * aborts. `onSecond` gets the running counts once a second.
 */
export async function simulate(
  args: SimulateArgs,
  { signal, onSecond }: { signal: AbortSignal; onSecond: (counts: Counts) => void },
): Promise<Counts> {
  const links = await followableLinks(args);
  const random = seededRandom(args.seed);
  // A generator of its own, so the addresses leave the seed's other choices as they were.
  const addresses = seededRandom(args.seed ^ 0x5eed_1b);
  const counts: Counts = { clicks: 0, leads: 0, sales: 0, failures: 0 };
  const customers: string[] = [];
  const runId = `${args.seed}${Date.now().toString(36)}`;
  const api = (path: string, body: unknown) =>
    fetch(`${args.base}${path}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${args.key}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
      signal,
    });

  const buy = async (customerExternalId: string, n: number) => {
    const purchase = pick(random, PURCHASES);
    const sale = await api("/track/sale", {
      customerExternalId,
      ...purchase,
      eventName: "Purchase",
      paymentProcessor: "stripe",
      invoiceId: `sim_inv_${runId}_${n}`,
    });
    if (sale.ok) counts.sales += 1;
    else counts.failures += 1;
  };

  const visit = async (n: number) => {
    const link = pick(random, links);
    const referer = pick(random, REFERERS);
    // The resolver takes the visitor's address from X-Forwarded-For when the request comes from this machine.
    const headers: Record<string, string> = {
      "User-Agent": pick(random, USER_AGENTS),
      "X-Forwarded-For": visitorAddress(addresses),
    };
    if (referer) headers.Referer = referer;
    const click = await fetch(`${args.base}${shortPath(link)}${random() < 0.1 ? "?qr=1" : ""}`, {
      headers,
      redirect: "manual",
      signal,
    });
    if (click.status !== 302) {
      counts.failures += 1;
      return;
    }
    counts.clicks += 1;
    const clickId = new URL(click.headers.get("location") ?? "http://x/").searchParams.get("dub_id");
    if (clickId && random() < args.leadShare) {
      const customerExternalId = `sim_${runId}_${n}`;
      // One draw for both: two calls drew two people, a name that did not match its email.
      const customer = customerOf(random, n);
      const lead = await api("/track/lead", {
        clickId,
        eventName: "Sign up",
        customerExternalId,
        customerName: customer.name,
        customerEmail: customer.email,
      });
      if (!lead.ok) {
        counts.failures += 1;
        return;
      }
      counts.leads += 1;
      customers.push(customerExternalId);
      if (random() < args.saleShare) await buy(customerExternalId, n);
    }
    // Now and then an earlier customer renews: a recurring sale.
    if (customers.length > 0 && random() < args.leadShare * args.saleShare * 0.3)
      await buy(pick(random, customers), n + 1_000_000);
  };

  const started = Date.now();
  const until = args.seconds === null ? Infinity : started + args.seconds * 1000;
  const interval = 1000 / args.rate;
  let nextReport = started + 1000;
  const inFlight = new Set<Promise<void>>();
  for (let n = 0; !signal.aborted && Date.now() < until; n++) {
    const run = visit(n).catch((error: unknown) => {
      if (!signal.aborted) counts.failures += 1;
      if (error instanceof Error && error.name !== "AbortError" && counts.failures === 1)
        console.error(`simulate: ${error.message}${causeOf(error)}`);
    });
    inFlight.add(run);
    void run.finally(() => inFlight.delete(run));
    const wakeAt = started + (n + 1) * interval;
    while (Date.now() >= nextReport) {
      onSecond({ ...counts });
      nextReport += 1000;
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, wakeAt - Date.now())));
  }
  await Promise.all(inFlight);
  return counts;
}
