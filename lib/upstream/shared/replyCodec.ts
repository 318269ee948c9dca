import * as z from "../../contract/zod";
import type { UpstreamReply } from "../client";

/** How a load another replica led ended, as it is stored on Redis for the replicas waiting on it. */
export type LoadOutcome =
  | { kind: "reply"; reply: UpstreamReply /** How long the reply is kept (0: not kept). */; keptMs: number }
  | { kind: "failed"; status: 500 | 502 | 504; message: string }
  /** Its callers all left (or it failed unexpectedly): a waiter loads in its place. */
  | { kind: "abandoned" };

const stored = z.union([
  z.object({
    reply: z.object({ status: z.number(), headers: z.array(z.tuple([z.string(), z.string()])), body: z.string() }),
    keptMs: z.number(),
  }),
  z.object({
    failed: z.object({ status: z.union([z.literal(500), z.literal(502), z.literal(504)]), message: z.string() }),
  }),
  z.object({ abandoned: z.literal(true) }),
]);

export function encodeOutcome(outcome: LoadOutcome): string {
  switch (outcome.kind) {
    case "reply": {
      const { status, headers, body } = outcome.reply;
      return JSON.stringify({ reply: { status, headers: [...headers], body }, keptMs: outcome.keptMs });
    }
    case "failed":
      return JSON.stringify({ failed: { status: outcome.status, message: outcome.message } });
    case "abandoned":
      return JSON.stringify({ abandoned: true });
  }
}

/** The outcome stored as `text`; anything unreadable counts as abandoned, so a waiter loads for itself. */
export function decodeOutcome(text: string): LoadOutcome {
  let parsed: z.infer<typeof stored>;
  try {
    parsed = stored.parse(JSON.parse(text));
  } catch {
    return { kind: "abandoned" };
  }
  if ("reply" in parsed) {
    const { status, headers, body } = parsed.reply;
    return { kind: "reply", reply: { status, headers: new Headers(headers), body }, keptMs: parsed.keptMs };
  }
  if ("failed" in parsed) return { kind: "failed", ...parsed.failed };
  return { kind: "abandoned" };
}
