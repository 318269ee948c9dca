import { describe, expect, it } from "vitest";
import { parseCsv as parse } from "./testing/parseCsv";
import { tableCsv } from "./table";
import { ApiError } from "../contract/errors";
import { EVENT_KINDS } from "../contract/dimensions";
import { readEventElements } from "../contract/readEvents";
import { clickEvent, leadEvent, saleEvent } from "../contract/testing/events";
import { EVENT_COLUMNS, defaultColumnIds } from "./columns";
import { exporterFor } from "./exporter";

const read = (kind: (typeof EVENT_KINDS)[number], events: unknown[]) => readEventElements(events, kind).events;

describe("event columns", () => {
  it("have unique ids per kind, and every kind starts with the time", () => {
    for (const kind of EVENT_KINDS) {
      const ids = EVENT_COLUMNS[kind].map((c) => c.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids[0]).toBe("time");
    }
  });

  it("leads and sales add the customer, sales add the money", () => {
    expect(defaultColumnIds("clicks")).not.toContain("customerName");
    expect(defaultColumnIds("leads")).toEqual(expect.arrayContaining(["eventName", "customerName", "customerEmail"]));
    expect(defaultColumnIds("sales")).toEqual(
      expect.arrayContaining(["amount", "currency", "invoice", "customerName"]),
    );
  });

  it("read every value of a click", () => {
    const [event] = read("clicks", [clickEvent()]);
    const values = Object.fromEntries(EVENT_COLUMNS.clicks.map((c) => [c.id, c.get(event as never)]));
    expect(values).toEqual({
      time: "2026-11-20T08:30:00.000Z",
      shortLink: "https://acme.link/spring",
      destination: "https://acme.com/pricing?plan=pro",
      country: "DE",
      city: "Berlin",
      region: "DE-BE",
      continent: "EU",
      device: "Desktop",
      browser: "Chrome",
      os: "Mac OS",
      trigger: "link",
      referer: "google.com",
      refererUrl: "https://google.com/search",
      ip: "203.0.113.9",
      linkId: "link_1",
      clickId: "clk_1",
      partner: "",
    });
  });
});

describe("CSV exporter", () => {
  it("starts the file with a UTF-8 byte-order mark, once, and small report tables too", () => {
    const header = exporterFor("leads", "customerName").header;
    const bytes = new TextEncoder().encode(header);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(exporterFor("leads", "customerName").rows(read("leads", [leadEvent({ name: "Noah López" })]))).toBe(
      "Noah López\n",
    );
    expect(tableCsv(["Partner"], [["Noah López"]])).toBe("\uFEFFPartner\nNoah López\n");
  });

  it("writes a header of labels and quoted rows", () => {
    const exporter = exporterFor("clicks", "time,city,destination");
    const events = read("clicks", [clickEvent({ city: 'Köln, "Cologne"' })]);
    const csv = exporter.header + exporter.rows(events);
    // A UTF-8 byte-order mark first, so spreadsheet apps read "Köln" as UTF-8.
    expect(csv).toBe(
      '\uFEFFTime,City,Destination URL\n2026-11-20T08:30:00.000Z,"Köln, ""Cologne""",https://acme.com/pricing?plan=pro\n',
    );
    expect(parse(csv.slice(1))).toEqual([
      ["Time", "City", "Destination URL"],
      ["2026-11-20T08:30:00.000Z", 'Köln, "Cologne"', "https://acme.com/pricing?plan=pro"],
    ]);
  });

  it("writes money in major units with its currency", () => {
    const exporter = exporterFor("sales", "amount,currency,invoice");
    const events = read("sales", [saleEvent(4900, "usd"), saleEvent(4900, "jpy", null), saleEvent(12345, "kwd")]);
    expect(exporter.rows(events)).toBe("49.00,usd,in_1\n4900,jpy,\n12.345,kwd,in_1\n");
  });

  it("writes new or recurring from what the caller derived, blank while unknown", () => {
    const exporter = exporterFor("sales", "amount,saleType");
    expect(exporter.needsSaleTypes).toBe(true);
    expect(exporterFor("sales", "amount").needsSaleTypes).toBe(false);
    const events = read("sales", [saleEvent(4900, "usd"), saleEvent(900, "usd")]);
    const types = ["new", "recurring"] as const;
    let at = 0;
    expect(exporter.rows(events, () => ({ saleType: types[at++] }))).toBe("49.00,new\n9.00,recurring\n");
    expect(exporter.rows(events)).toBe("49.00,\n9.00,\n");
  });

  it("guards third-party text against spreadsheet formulas, not numbers", () => {
    const exporter = exporterFor("leads", "customerName");
    const events = read("leads", [
      leadEvent({ name: '=HYPERLINK("http://evil")' }),
      leadEvent({ name: "@SUM(A1)" }),
      leadEvent({ name: "-1+2" }),
    ]);
    expect(parse(exporter.rows(events))).toEqual([['\'=HYPERLINK("http://evil")'], ["'@SUM(A1)"], ["'-1+2"]]);
    expect(exporterFor("sales", "amount").rows(read("sales", [saleEvent(-250, "usd")]))).toBe("-2.50\n");
  });

  it("uses the default columns when none are asked for", () => {
    const labels = EVENT_COLUMNS.leads.filter((c) => c.default).map((c) => c.label);
    expect(exporterFor("leads", null).header).toBe(`\uFEFF${labels.join(",")}\n`);
    expect(exporterFor("leads", " , ").header).toBe(`\uFEFF${labels.join(",")}\n`);
  });

  it("refuses an unknown column with a 422 naming it and the allowed ids", () => {
    expect(() => exporterFor("clicks", "time,amount")).toThrow(ApiError);
    expect(() => exporterFor("clicks", "time,amount")).toThrow(
      /"amount" is not a column of clicks; expected some of time, shortLink/,
    );
    try {
      exporterFor("clicks", "nope");
    } catch (error) {
      expect(error).toMatchObject({ status: 422, code: "unprocessable_entity" });
    }
  });
});
