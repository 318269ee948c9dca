import type { DehydratedState } from "@tanstack/react-query";
import type { AnnotationJson, PlanRefusal } from "../contract/dashboardReplies";
import type { GroupBy } from "../contract/dimensions";
import type { CustomersKind, CustomersRead } from "./customersReads";
import type { Priority } from "./fetchAnalytics";

/** What the first screen's state is made of, as the server hands it to the page and the page to React Query. */

/**
 * One analytics, events or annotations reply for the page being rendered: the body, a refusal the
 * page says as the browser would (`PlanRefusal`), or null when there is none to give.
 */
export type Load = (
  endpoint: "analytics" | "events" | "annotations",
  params: string,
  priority: number,
) => Promise<unknown>;

/** A body the page's loader gave that is the plan's refusal (said in the HTML), not a reply. */
export function isPlanRefusal(body: unknown): body is PlanRefusal {
  return typeof body === "object" && body !== null && "refused" in body;
}

/** A customers report's first read refused by the plan, under its hook's key, and when (the page's minute): the browser's cache holds the refusal from the first render on. */
export interface RefusedRead extends Readonly<PlanRefusal["refused"]> {
  queryKey: readonly unknown[];
  at: number;
}

/**
 * A first-screen reply still on its way when the page's figures were sent: the browser's cache
 * takes its key at once (so no hook of the page asks for it again) and waits for `body`, which the
 * server streams after the HTML. `body` null (refused, failed after the HTML went): the browser asks
 * itself, with the very request the server made (`params`), and says why, once. One known to be
 * refused before is left out: the page's hook asks for it if it wants it (a share link's lock
 * refuses the comparison, which its page does not show).
 */
export type StreamedReply =
  | {
      kind: "analytics";
      queryKey: readonly unknown[];
      groupBy: GroupBy;
      params: string;
      priority: Priority;
      body: Promise<unknown>;
    }
  /** The chart's notes (the dashboard's own database); null: the browser asks. */
  | { kind: "annotations"; queryKey: readonly unknown[]; body: Promise<AnnotationJson[] | null> }
  /** The customers report's reads of one kind for its first page, first read first, as the report keeps them (./customersReads.ts); null: the browser asks (`params`: its first read). */
  | {
      kind: "customers";
      queryKey: readonly unknown[];
      events: CustomersKind;
      params: string;
      body: Promise<CustomersRead[] | null>;
    };

/** What the page hands to React Query: the replies in hand (in the HTML), those streamed after it, and the reads the plan refused (said in the HTML). */
export interface FirstScreenData {
  state: DehydratedState;
  streamed: StreamedReply[];
  refused: RefusedRead[];
}

/** Where a reply stands when the HTML goes: still out (streamed), in hand (in the HTML), refused by the plan (said in the HTML), or else missing (left out: the page's hook asks, and says why). */
export type Outcome = "waiting" | "answered" | "refused" | "missing";
