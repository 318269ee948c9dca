import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "../../contract/errors";
import type { TrackLeadBody, TrackSaleBody } from "../../contract/track";
import { startWritable, type WritablePlatform } from "../testing/writablePlatform";
import { seededClick, testClick } from "../testing/writerFixture";
import { noClickForCustomer } from "./deferredLeads";
import type { EventRow } from "./eventRows";
import { trackLead } from "./trackLead";
import { trackSale } from "./trackSale";

/**
 * Tracking calls that share one group commit are decided together (trackGroup.ts): each must
 * answer and write exactly as if the calls had run one after another, and a call refused must
 * leave the others whole. The calls are held behind a write in progress so that they all fall
 * into the same group; the writer's hook shows they were recorded as one batch.
 */

let live: WritablePlatform;
/** Each batch of events the writer's hook was told of. */
const batches: EventRow[][] = [];

beforeAll(async () => {
  live = await startWritable();
  live.writer.hook({
    recorded: async (_tx, events) => void batches.push([...events]),
    committed: () => {},
  });
});
afterAll(async () => {
  await live?.close();
});

const someClick = (page: number) => seededClick(live, page);

/** Runs `calls` in one group commit: started while the writer is held, after a write that takes the group before. */
async function inOneGroup<T>(calls: () => Promise<T>[]): Promise<PromiseSettledResult<T>[]> {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const held = live.writer.transact(() => gate);
  const before = live.writer.batched(async () => undefined);
  const settled = Promise.allSettled(calls());
  open();
  await held;
  await before;
  return settled;
}

async function rows(sql: string, values: Record<string, string>) {
  return live.writer.transact((tx) => tx.all(sql, values));
}

async function counters(linkId: string) {
  const [row] = await rows(`SELECT leads, sales, sale_amount, conversions FROM links WHERE id = $id`, { id: linkId });
  return {
    leads: Number(row.leads),
    sales: Number(row.sales),
    saleAmount: Number(row.sale_amount),
    conversions: Number(row.conversions),
  };
}

const value = <T>(result: PromiseSettledResult<T>): T => {
  if (result.status === "rejected") throw result.reason;
  return result.value;
};

describe("tracking calls decided together in one group", () => {
  it("a customer's lead sent twice is recorded once, its sales new then recurring, an invoice sent twice counted once", async () => {
    const { click, link } = await someClick(3);
    const ws = link.workspaceId;
    const before = await counters(link.id);
    const externalId = `group-customer-${Date.now()}`;
    const lead = (name: string): TrackLeadBody => ({
      clickId: click.id,
      eventName: "Sign up",
      customerExternalId: externalId,
      customerName: name,
      mode: "async",
    });
    const sale = (invoiceId: string, amount: number): TrackSaleBody => ({
      customerExternalId: externalId,
      amount,
      currency: "usd",
      paymentProcessor: "stripe",
      invoiceId,
    });
    const batchesBefore = batches.length;
    const now = new Date();
    const results = await inOneGroup<unknown>(() => [
      trackLead(live.writer, ws, lead("First"), now),
      trackLead(live.writer, ws, lead("Second"), now),
      trackSale(live.writer, ws, sale(`${externalId}-inv-1`, 1000), now),
      trackSale(live.writer, ws, sale(`${externalId}-inv-1`, 5000), now),
      trackSale(live.writer, ws, sale(`${externalId}-inv-2`, 2500), now),
    ]);
    const [firstLead, secondLead, firstSale, againSale, secondSale] = results.map(value) as [
      Awaited<ReturnType<typeof trackLead>>,
      Awaited<ReturnType<typeof trackLead>>,
      Awaited<ReturnType<typeof trackSale>>,
      Awaited<ReturnType<typeof trackSale>>,
      Awaited<ReturnType<typeof trackSale>>,
    ];
    // One batch of events: the group's calls were decided together.
    const ours = batches.slice(batchesBefore).filter((batch) => batch.some((e) => e.kind !== "clicks"));
    expect(ours).toHaveLength(1);
    expect(ours[0].map((e) => e.kind)).toEqual(["leads", "sales", "sales"]);

    expect(firstLead.customer?.name).toBe("First");
    expect(secondLead.customer?.name).toBe("Second");
    expect(firstSale.sale?.amount).toBe(1000);
    // The invoice sent again answers as it was first tracked.
    expect(againSale.sale).toEqual(firstSale.sale);
    expect(secondSale.sale?.amount).toBe(2500);
    expect(firstSale.customer?.id).toBe(secondSale.customer?.id);

    const customers = await rows(`SELECT id, name FROM customers WHERE workspace_id = $ws AND external_id = $ext`, {
      ws,
      ext: externalId,
    });
    expect(customers).toEqual([{ id: firstSale.customer?.id, name: "Second" }]);
    const leads = await rows(`SELECT click_id FROM lead_events WHERE customer_id = $id`, {
      id: customers[0].id as string,
    });
    expect(leads).toEqual([{ click_id: click.id }]);
    const sales = await rows(
      `SELECT invoice_id, amount, sale_type FROM sale_events WHERE customer_id = $id ORDER BY invoice_id`,
      { id: customers[0].id as string },
    );
    expect(sales).toEqual([
      { invoice_id: `${externalId}-inv-1`, amount: 1000n, sale_type: "new" },
      { invoice_id: `${externalId}-inv-2`, amount: 2500n, sale_type: "recurring" },
    ]);
    expect(await counters(link.id)).toEqual({
      leads: before.leads + 1,
      sales: before.sales + 2,
      saleAmount: before.saleAmount + 3500,
      conversions: before.conversions + 1,
    });
  });

  it("a call refused in a group writes nothing and leaves the others' answers and writes whole", async () => {
    const { click, link } = await someClick(5);
    const ws = link.workspaceId;
    const stamp = Date.now();
    const now = new Date();
    const before = await counters(link.id);
    const results = await inOneGroup<unknown>(() => [
      trackLead(
        live.writer,
        ws,
        { clickId: click.id, eventName: "Sign up", customerExternalId: `ok-a-${stamp}`, mode: "async" },
        now,
      ),
      trackLead(
        live.writer,
        ws,
        { clickId: "noSuchClick00000", eventName: "Sign up", customerExternalId: `bad-${stamp}`, mode: "async" },
        now,
      ),
      trackLead(
        live.writer,
        ws,
        { clickId: "", eventName: "Sign up", customerExternalId: `unknown-${stamp}`, mode: "async" },
        now,
      ),
      trackSale(
        live.writer,
        ws,
        { customerExternalId: `bad-${stamp}`, amount: 100, clickId: "noSuchClick00000", invoiceId: `bad-inv-${stamp}` },
        now,
      ),
      trackLead(
        live.writer,
        ws,
        { clickId: click.id, eventName: "Sign up", customerExternalId: `ok-b-${stamp}`, mode: "async" },
        now,
      ),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "rejected", "rejected", "fulfilled"]);
    const refusal = (r: PromiseSettledResult<unknown>) => (r.status === "rejected" ? (r.reason as ApiError) : null);
    expect(refusal(results[1])).toBeInstanceOf(ApiError);
    expect(refusal(results[1])?.code).toBe("not_found");
    expect(refusal(results[1])?.message).toBe("Click event not found for clickId: noSuchClick00000");
    expect(refusal(results[2])?.message).toBe(noClickForCustomer(`unknown-${stamp}`));
    expect(refusal(results[3])?.code).toBe("not_found");
    const written = await rows(
      `SELECT external_id FROM customers WHERE workspace_id = $ws AND external_id LIKE $pattern ORDER BY external_id`,
      { ws, pattern: `%-${stamp}` },
    );
    expect(written.map((row) => row.external_id)).toEqual([`ok-a-${stamp}`, `ok-b-${stamp}`]);
    expect(await rows(`SELECT id FROM sale_events WHERE invoice_id = $inv`, { inv: `bad-inv-${stamp}` })).toEqual([]);
    expect((await counters(link.id)).leads).toBe(before.leads + 2);
  });

  it("a deferred lead, then one without a click, then a sale, all in one group: as if one after another", async () => {
    const { click, link } = await someClick(9);
    const ws = link.workspaceId;
    const externalId = `deferred-group-${Date.now()}`;
    const now = new Date();
    const results = await inOneGroup<unknown>(() => [
      trackLead(
        live.writer,
        ws,
        { clickId: click.id, eventName: "Sign up", customerExternalId: externalId, mode: "deferred" },
        now,
      ),
      trackLead(
        live.writer,
        ws,
        { clickId: "", eventName: "Sign up", customerExternalId: externalId, mode: "async" },
        now,
      ),
      trackSale(live.writer, ws, { customerExternalId: externalId, amount: 700, invoiceId: `${externalId}-inv` }, now),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "fulfilled"]);
    const [, lead, sale] = results.map(value) as [
      unknown,
      Awaited<ReturnType<typeof trackLead>>,
      Awaited<ReturnType<typeof trackSale>>,
    ];
    expect(lead.click.id).toBe(click.id);
    expect(sale.sale?.amount).toBe(700);
    const events = await rows(
      `SELECT 'lead' AS kind, click_id, NULL AS sale_type FROM lead_events WHERE customer_id = $id
UNION ALL SELECT 'sale', click_id, sale_type FROM sale_events WHERE customer_id = $id ORDER BY kind`,
      { id: sale.customer?.id ?? "" },
    );
    expect(events).toEqual([
      { kind: "lead", click_id: click.id, sale_type: null },
      { kind: "sale", click_id: click.id, sale_type: "new" },
    ]);
  });

  it("a stored customer's leads of two names: a sale goes to the latest (or the one named), a lead without a click to the first", async () => {
    const { click: first, link } = await someClick(11);
    const { click: second } = await someClick(12);
    const ws = link.workspaceId;
    const externalId = `two-leads-${Date.now()}`;
    const lead = (clickId: string, eventName: string): TrackLeadBody => ({
      clickId,
      eventName,
      customerExternalId: externalId,
      mode: "async",
    });
    // Each in a group of its own: the later groups read them from the store.
    await trackLead(live.writer, ws, lead(first.id, "Sign up"), new Date(Date.now() - 2000));
    await trackLead(live.writer, ws, lead(second.id, "Trial"), new Date(Date.now() - 1000));
    const now = new Date();
    const results = await inOneGroup<unknown>(() => [
      trackSale(live.writer, ws, { customerExternalId: externalId, amount: 100, invoiceId: `${externalId}-a` }, now),
      trackSale(
        live.writer,
        ws,
        { customerExternalId: externalId, amount: 200, invoiceId: `${externalId}-b`, leadEventName: "Sign up" },
        now,
      ),
      trackLead(live.writer, ws, lead("", "Activated"), now),
    ]);
    const [, , activated] = results.map(value) as [unknown, unknown, Awaited<ReturnType<typeof trackLead>>];
    expect(activated.click.id).toBe(first.id);
    const sales = await rows(
      `SELECT s.amount, s.click_id FROM sale_events s JOIN customers c ON c.id = s.customer_id
WHERE c.workspace_id = $ws AND c.external_id = $ext ORDER BY s.amount`,
      { ws, ext: externalId },
    );
    expect(sales).toEqual([
      { amount: 100n, click_id: second.id },
      { amount: 200n, click_id: first.id },
    ]);
  });

  it("a lead on a click recorded in the same group finds it, and makes it a conversion click", async () => {
    const { link } = await someClick(11);
    const ws = link.workspaceId;
    const stamp = Date.now();
    const click = testClick(`grpClk${String(stamp).slice(-10)}`, link);
    // A visit is answered once its click is journaled and handed to the next group commit; a lead
    // sent then shares that group (held here behind a write in progress and the group before).
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const held = live.writer.transact(() => gate);
    const before = live.writer.batched(async () => undefined);
    const clicked = live.writer.recordClick(click);
    await clicked;
    const lead = trackLead(
      live.writer,
      ws,
      { clickId: click.id, eventName: "Sign up", customerExternalId: `same-group-${stamp}`, mode: "async" },
      new Date(),
    );
    open();
    await held;
    await before;
    const results = await Promise.allSettled<unknown>([clicked, lead]);
    // A refusal's own words, should it come: the group's timing is what this test is about.
    expect(results.map((r) => (r.status === "fulfilled" ? r.status : String(r.reason)))).toEqual([
      "fulfilled",
      "fulfilled",
    ]);
    expect(await rows(`SELECT id, country FROM conversion_clicks WHERE id = $id`, { id: click.id })).toEqual([
      { id: click.id, country: "IS" },
    ]);
  });
});
