import { clickNotFound, type AttributedClick } from "./conversionClick";
import type { CustomerInput, CustomerRecord, NewCustomer } from "./customers";
import type { ConversionEvent, LeadRow, SaleRow } from "./eventRows";
import { newTimeId } from "./ids";
import { inWorkspace, type LeadRef, type LeadsOfName, type SeenInvoice, type TrackFacts } from "./trackFacts";

/** A customer as a batch knows it: as stored (or created in the batch), with what the batch's calls did to it so far. */
export interface BatchCustomer {
  workspaceId: string;
  record: CustomerRecord;
  deferredClickId: string | null;
  priorSales: number;
  leads: Map<string, LeadsOfName>;
}

/** What a customer's row needs written once the batch is decided. */
interface CustomerWrite {
  customer: BatchCustomer;
  /** Created in the batch: inserted with its country and creation time; else updated when its values changed. */
  created: { country: string | null; at: Date } | null;
  /** Its name, email and avatar as stored (created: null). */
  stored: Pick<CustomerRecord, "name" | "email" | "avatar"> | null;
}

/**
 * A batch of tracking calls decided in memory (trackLead.ts, trackSale.ts), over the facts read
 * for the whole batch (trackFacts.ts): each call reads and changes this state as it would have
 * read and changed the store, had the calls run one after another in the batch's order. A call
 * refused throws its ApiError before it changes anything; what the accepted calls decided is
 * written afterwards (trackGroup.ts).
 */
export class TrackState {
  private readonly customers = new Map<string, BatchCustomer>();
  private readonly customerWrites = new Map<BatchCustomer, CustomerWrite>();
  private readonly invoices: Map<string, SeenInvoice>;
  /** The events decided, in order. */
  readonly events: ConversionEvent[] = [];
  /** Deferred clicks by customer id (the last kept wins, as INSERT OR REPLACE would leave it). */
  readonly deferred = new Map<string, { workspaceId: string; clickId: string }>();

  constructor(
    facts: TrackFacts,
    private readonly clicks: ReadonlyMap<string, AttributedClick>,
  ) {
    for (const [key, stored] of facts.customers) {
      const customer: BatchCustomer = { ...stored, leads: new Map(stored.leads) };
      this.customers.set(key, customer);
    }
    this.invoices = new Map(facts.invoices);
  }

  customer(workspaceId: string, externalId: string): BatchCustomer | null {
    return this.customers.get(inWorkspace(workspaceId, externalId)) ?? null;
  }

  /** The workspace's click of this id with its link; the spec's 404 when there is none. */
  click(workspaceId: string, clickId: string): AttributedClick {
    const click = this.clicks.get(inWorkspace(workspaceId, clickId));
    if (!click) throw clickNotFound(clickId);
    return click;
  }

  invoice(workspaceId: string, invoiceId: string): SeenInvoice | null {
    return this.invoices.get(inWorkspace(workspaceId, invoiceId)) ?? null;
  }

  /**
   * The workspace's customer of this external id: created when new (its country that of the click
   * that brought it), otherwise given the name, email and avatar sent, where sent (customers.ts).
   */
  upsertCustomer(workspaceId: string, input: CustomerInput, country: string | null, now: Date): BatchCustomer {
    const known = this.customer(workspaceId, input.externalId);
    if (known) {
      const write = this.customerWrites.get(known) ?? {
        customer: known,
        created: null,
        stored: { name: known.record.name, email: known.record.email, avatar: known.record.avatar },
      };
      known.record = {
        ...known.record,
        name: input.name ?? known.record.name,
        email: input.email ?? known.record.email,
        avatar: input.avatar ?? known.record.avatar,
      };
      this.customerWrites.set(known, write);
      return known;
    }
    const created: BatchCustomer = {
      workspaceId,
      record: {
        id: newTimeId("cus_", now),
        externalId: input.externalId,
        name: input.name ?? null,
        email: input.email ?? null,
        avatar: input.avatar ?? null,
      },
      deferredClickId: null,
      priorSales: 0,
      leads: new Map(),
    };
    this.customers.set(inWorkspace(workspaceId, input.externalId), created);
    this.customerWrites.set(created, { customer: created, created: { country, at: now }, stored: null });
    return created;
  }

  /** Keeps `clickId` as the click of the customer's later lead (deferredLeads.ts). */
  defer(customer: BatchCustomer, clickId: string): void {
    customer.deferredClickId = clickId;
    this.deferred.set(customer.record.id, { workspaceId: customer.workspaceId, clickId });
  }

  recordLead(customer: BatchCustomer, row: LeadRow): void {
    const ref: LeadRef = { clickId: row.clickId, linkId: row.linkId, click: row.click, timestamp: row.timestamp };
    const known = customer.leads.get(row.eventName);
    customer.leads.set(row.eventName, {
      // Ties keep the stored one, as an ORDER BY timestamp would find either.
      first: known && known.first.timestamp <= ref.timestamp ? known.first : ref,
      latest: known && known.latest.timestamp > ref.timestamp ? known.latest : ref,
    });
    this.events.push({ kind: "leads", row });
  }

  recordSale(customer: BatchCustomer, row: SaleRow, invoice: SeenInvoice | null): void {
    customer.priorSales += 1;
    if (row.invoiceId !== null && invoice) this.invoices.set(inWorkspace(row.workspaceId, row.invoiceId), invoice);
    this.events.push({ kind: "sales", row });
  }

  /** Customers created in the batch, with their final values. */
  createdCustomers(): NewCustomer[] {
    return [...this.customerWrites.values()].flatMap(({ customer, created }) =>
      created
        ? [
            {
              workspaceId: customer.workspaceId,
              record: customer.record,
              country: created.country,
              createdAt: created.at,
            },
          ]
        : [],
    );
  }

  /** Stored customers whose name, email or avatar the batch changed. */
  updatedCustomers(): CustomerRecord[] {
    return [...this.customerWrites.values()].flatMap(({ customer, stored }) =>
      stored &&
      (stored.name !== customer.record.name ||
        stored.email !== customer.record.email ||
        stored.avatar !== customer.record.avatar)
        ? [customer.record]
        : [],
    );
  }
}

/** The click a lead sent without one goes to: the customer's deferred click, else that of its first lead (of any name). */
export function customerClickOf(customer: Pick<BatchCustomer, "deferredClickId" | "leads">): string | null {
  if (customer.deferredClickId !== null) return customer.deferredClickId;
  let first: LeadRef | null = null;
  for (const { first: ref } of customer.leads.values()) if (!first || ref.timestamp < first.timestamp) first = ref;
  return first?.clickId ?? null;
}

/** The click a customer's sale is attributed to: that of its latest lead (of `eventName`, if given). */
export function latestLeadOf(customer: BatchCustomer, eventName: string | null): LeadRef | null {
  if (eventName !== null) return customer.leads.get(eventName)?.latest ?? null;
  let latest: LeadRef | null = null;
  for (const { latest: ref } of customer.leads.values()) if (!latest || ref.timestamp > latest.timestamp) latest = ref;
  return latest;
}
