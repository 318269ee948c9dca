import { describe, expect, it } from "vitest";
import { readEventElements, type ReadLeadEvent, type ReadSaleEvent } from "../contract/readEvents";
import { leadEvent, saleEvent } from "../contract/testing/events";
import { customerTimeline, totalRevenue } from "./customers";

function lead(customerId: string, timestamp: string): ReadLeadEvent {
  const base = leadEvent({ id: customerId, name: `Name ${customerId}` });
  const clickedAt = new Date(Date.parse(timestamp) - 3_600_000).toISOString();
  const [event] = readEventElements(
    [{ ...base, timestamp, click: { ...base.click, timestamp: clickedAt } }],
    "leads",
  ).events;
  if (event?.event !== "lead") throw new Error("not a lead");
  return event;
}

function sale(customerId: string, timestamp: string, amount: number, currency = "usd"): ReadSaleEvent {
  const base = saleEvent(amount, currency);
  const [event] = readEventElements(
    [{ ...base, timestamp, customer: { ...base.customer, id: customerId } }],
    "sales",
  ).events;
  if (event?.event !== "sale") throw new Error("not a sale");
  return event;
}

describe("the customers of a view", () => {
  it("a timeline runs click → lead → each sale, oldest first", () => {
    const entries = customerTimeline(
      [lead("a", "2026-11-01T09:00:00.000Z")],
      [sale("a", "2026-11-03T00:00:00.000Z", 10), sale("a", "2026-11-02T00:00:00.000Z", 20)],
    );
    expect(entries.map((e) => e.kind)).toEqual(["click", "lead", "sale", "sale"]);
    expect(entries.map((e) => e.at)).toEqual([...entries.map((e) => e.at)].sort());
  });

  it("revenue is never added across currencies", () => {
    expect(
      Object.fromEntries(
        totalRevenue([
          sale("a", "2026-11-03T00:00:00.000Z", 10),
          sale("a", "2026-11-03T00:00:00.000Z", 5, "jpy"),
          sale("a", "2026-11-03T00:00:00.000Z", 7),
        ]),
      ),
    ).toEqual({ usd: 17, jpy: 5 });
  });
});
