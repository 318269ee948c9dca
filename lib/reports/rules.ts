import * as z from "../contract/zod";
import { METRICS, type Metric, type Metrics } from "../contract/analytics";

/** Who a report goes to: a member of the workspace (their account's address and role), or an outside address the owner allows. */
export const recipientSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("member"), userId: z.string().check(z.minLength(1), z.maxLength(100)) }),
  z.object({
    kind: z.literal("email"),
    address: z.string().check(z.trim(), z.toLowerCase(), z.email(), z.maxLength(254)),
  }),
]);
export type Recipient = z.infer<typeof recipientSchema>;
export const recipientsSchema = z.array(recipientSchema).check(z.maxLength(50));

/**
 * When an alert fires: the metric above or below a threshold, or changed by at least `percent`
 * against the previous comparable period (up, down, or either way). After it fires, it is quiet
 * for `cooldownMinutes` even if it recovers and breaks again.
 */
export const alertRuleSchema = z.object({
  metric: z.enum(METRICS),
  condition: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("above"), threshold: z.number().check(z.nonnegative()) }),
    z.object({ kind: z.literal("below"), threshold: z.number().check(z.nonnegative()) }),
    z.object({
      kind: z.literal("change"),
      percent: z.number().check(z.positive(), z.maximum(10_000)),
      direction: z.enum(["up", "down", "either"]),
    }),
  ]),
  cooldownMinutes: z._default(z.number().check(z.int(), z.minimum(0), z.maximum(7 * 24 * 60)), 60),
});
export type AlertRule = z.infer<typeof alertRuleSchema>;

export const METRIC_NAMES: Record<Metric, string> = {
  clicks: "Clicks",
  leads: "Leads",
  sales: "Sales",
  saleAmount: "Revenue",
};

/** Whether the figures break the rule (a change against a previous period of 0 breaks "up" when anything came, never "down"). */
export function breaks(rule: AlertRule, current: Metrics, previous: Metrics | null): boolean {
  const value = current[rule.metric];
  const { condition } = rule;
  switch (condition.kind) {
    case "above":
      return value > condition.threshold;
    case "below":
      return value < condition.threshold;
    case "change": {
      if (!previous) return false;
      const before = previous[rule.metric];
      const change = before === 0 ? (value > 0 ? Infinity : 0) : ((value - before) / before) * 100;
      const up = change >= condition.percent;
      const down = -change >= condition.percent;
      return condition.direction === "up" ? up : condition.direction === "down" ? down : up || down;
    }
  }
}

export type AlertState = "normal" | "firing";
export type AlertStep = { notify: "fired" | "recovered" | null; state: AlertState; changedAt: number | null };

/**
 * One check of an alert's episode: it fires once when the rule starts to break (unless it fired
 * within the cool-down), says "back to normal" once when it stops, and is otherwise quiet.
 * `firedAt` is when it last fired.
 */
export function alertStep(
  state: AlertState,
  firedAt: number | null,
  breaking: boolean,
  now: number,
  rule: AlertRule,
): AlertStep {
  if (state === "normal" && breaking) {
    if (firedAt !== null && now - firedAt < rule.cooldownMinutes * 60_000)
      return { notify: null, state, changedAt: firedAt };
    return { notify: "fired", state: "firing", changedAt: now };
  }
  if (state === "firing" && !breaking) return { notify: "recovered", state: "normal", changedAt: firedAt };
  return { notify: null, state, changedAt: firedAt };
}

/** "Clicks below 100", "Revenue down 50 % or more". */
export function describeRule(rule: AlertRule): string {
  const metric = METRIC_NAMES[rule.metric];
  const { condition } = rule;
  if (condition.kind === "above") return `${metric} above ${condition.threshold}`;
  if (condition.kind === "below") return `${metric} below ${condition.threshold}`;
  const way = condition.direction === "either" ? "up or down" : condition.direction;
  return `${metric} ${way} ${condition.percent} % or more against the previous period`;
}
