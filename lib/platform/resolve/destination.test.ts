import { describe, expect, it } from "vitest";
import { destinationOf, pickVariant, type ShortLink } from "./destination";

const NOW = new Date("2026-06-01T12:00:00.000Z");
const LINK: ShortLink = {
  id: "link_1",
  workspaceId: "ws_1",
  url: "https://example.com/",
  trackConversion: false,
  archived: false,
  expiresAt: null,
  expiredUrl: null,
  disabledAt: null,
  password: null,
  ios: null,
  android: null,
  geo: null,
  testVariants: null,
};
const VISIT = { os: "Windows", country: "US", password: null };
const go = (url: string, record = true) => ({ kind: "redirect", url, record });

describe("where a visit to a short link goes", () => {
  it("to the destination, archived or not", () => {
    expect(destinationOf(LINK, VISIT, NOW, 0)).toEqual(go("https://example.com/"));
    expect(destinationOf({ ...LINK, archived: true }, VISIT, NOW, 0)).toEqual(go("https://example.com/"));
  });

  it("nowhere once disabled, and not before", () => {
    expect(destinationOf({ ...LINK, disabledAt: new Date(NOW.getTime() - 1) }, VISIT, NOW, 0)).toEqual({
      kind: "disabled",
    });
    expect(destinationOf({ ...LINK, disabledAt: new Date(NOW.getTime() + 1) }, VISIT, NOW, 0)).toEqual(
      go("https://example.com/"),
    );
  });

  it("after expiry to expiredUrl uncounted, or nowhere", () => {
    const expired = { ...LINK, expiresAt: NOW };
    expect(destinationOf(expired, VISIT, NOW, 0)).toEqual({ kind: "expired" });
    expect(destinationOf({ ...expired, expiredUrl: "https://example.com/over" }, VISIT, NOW, 0)).toEqual(
      go("https://example.com/over", false),
    );
    expect(destinationOf({ ...LINK, expiresAt: new Date(NOW.getTime() + 1) }, VISIT, NOW, 0)).toEqual(
      go("https://example.com/"),
    );
  });

  it("only with the password when it has one", () => {
    const locked = { ...LINK, password: "s3cret" };
    expect(destinationOf(locked, VISIT, NOW, 0)).toEqual({ kind: "password_required" });
    expect(destinationOf(locked, { ...VISIT, password: "wrong!" }, NOW, 0)).toEqual({ kind: "password_required" });
    expect(destinationOf(locked, { ...VISIT, password: "s3cret" }, NOW, 0)).toEqual(go("https://example.com/"));
  });

  it("by device, then country, then A/B variant", () => {
    const targeted: ShortLink = {
      ...LINK,
      ios: "https://apps.apple.com/x",
      android: "https://play.google.com/x",
      geo: { DE: "https://example.de/" },
      testVariants: [
        { url: "https://example.com/a", percentage: 30 },
        { url: "https://example.com/b", percentage: 70 },
      ],
    };
    expect(destinationOf(targeted, { ...VISIT, os: "iOS", country: "DE" }, NOW, 0)).toEqual(
      go("https://apps.apple.com/x"),
    );
    expect(destinationOf(targeted, { ...VISIT, os: "Android", country: "DE" }, NOW, 0)).toEqual(
      go("https://play.google.com/x"),
    );
    expect(destinationOf(targeted, { ...VISIT, country: "DE" }, NOW, 0)).toEqual(go("https://example.de/"));
    expect(destinationOf(targeted, VISIT, NOW, 0.29)).toEqual(go("https://example.com/a"));
    expect(destinationOf(targeted, VISIT, NOW, 0.3)).toEqual(go("https://example.com/b"));
  });

  it("splits traffic by the variants' percentages", () => {
    const variants = [
      { url: "a", percentage: 10 },
      { url: "b", percentage: 60 },
      { url: "c", percentage: 30 },
    ];
    const counts = { a: 0, b: 0, c: 0 };
    for (let i = 0; i < 1000; i++) counts[pickVariant(variants, i / 1000) as "a" | "b" | "c"] += 1;
    expect(counts).toEqual({ a: 100, b: 600, c: 300 });
  });
});
