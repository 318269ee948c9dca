import { describe, expect, it } from "vitest";
import { isOpenToOtherSites } from "./crossSite";

describe("isOpenToOtherSites", () => {
  it("opens a report's unsubscribe POST (mail clients' one-click) and nothing else under it", () => {
    expect(isOpenToOtherSites("/api/unsubscribe/abc.def.ghi", "POST")).toBe(true);
    expect(isOpenToOtherSites("/api/unsubscribe/abc.def.ghi", "DELETE")).toBe(false);
    expect(isOpenToOtherSites("/api/w/acme/reports", "POST")).toBe(false);
  });
});
