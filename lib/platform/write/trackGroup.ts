import { ApiError } from "../../contract/errors";
import { findClicks } from "./conversionClick";
import { writeBatchCustomers } from "./customers";
import { keepDeferredClicks } from "./deferredLeads";
import type { BatchOutcome, RunBatch } from "./groupCommit";
import type { WriteTx } from "./writeTx";
import { inWorkspace, readTrackFacts, type StoredCustomer } from "./trackFacts";
import { TrackState } from "./trackState";

/** A tracking call (trackLead.ts, trackSale.ts) as a batch of them takes it. */
export interface TrackRequest<Res> {
  workspaceId: string;
  customerExternalId: string;
  /** The invoice it counts, if any. */
  invoiceId: string | null;
  /** The click ids it may name, given its customer as stored (null: none). */
  clickIds(stored: StoredCustomer | null): readonly string[];
  /** Its answer, from and into the batch's state: throws its ApiError, before changing anything, when refused. */
  decide(state: TrackState): Res;
}

/**
 * A group's tracked leads and sales decided and written together, a few statements for all:
 * three reads of what they decide from (trackFacts.ts) and one of their clicks
 * (conversionClick.ts); then each call decided in memory, in order, exactly as if they had run
 * one after another (a customer's first lead of a name recorded once, an invoice counted once, a
 * customer's first sale `new`); then one insert or update per table (customers, deferred
 * clicks, leads, sales) and one update of the links' counters, the webhook deliveries queued
 * once for the batch (the writer's hooks). A call refused (unknown click) writes nothing and
 * leaves the others as they were.
 */
export const runTrackBatch: RunBatch<WriteTx, TrackRequest<unknown>, unknown> = async (tx, requests) => {
  const facts = await readTrackFacts(
    tx,
    requests.map((r) => ({ workspaceId: r.workspaceId, id: r.customerExternalId })),
    requests.flatMap((r) => (r.invoiceId === null ? [] : [{ workspaceId: r.workspaceId, id: r.invoiceId }])),
  );
  const wanted = requests.flatMap((r) =>
    r
      .clickIds(facts.customers.get(inWorkspace(r.workspaceId, r.customerExternalId)) ?? null)
      .map((clickId) => ({ workspaceId: r.workspaceId, clickId })),
  );
  const state = new TrackState(facts, await findClicks(tx, wanted));
  const outcomes = requests.map((request): BatchOutcome<unknown> => {
    try {
      return { ok: true, value: request.decide(state) };
    } catch (err) {
      if (err instanceof ApiError) return { ok: false, err };
      throw err;
    }
  });
  await writeBatchCustomers(tx, state.createdCustomers(), state.updatedCustomers());
  await keepDeferredClicks(tx, state.deferred);
  await tx.recordConversions(state.events);
  return outcomes;
};
