import { describe, expect, it } from "vitest";
import { newTimeId } from "./ids";

describe("newTimeId", () => {
  it("is the prefix and 26 Crockford base-32 characters, as the hosted platform's ids", () => {
    expect(newTimeId("link_", new Date("2026-11-25T12:00:00.000Z"))).toMatch(/^link_[0-9A-HJKMNP-TV-Z]{26}$/);
  });

  it("sorts by the moment it was minted, whatever the random part", () => {
    const moments = [
      "2020-01-01T00:00:00.000Z",
      "2026-11-25T12:00:00.000Z",
      "2026-11-25T12:00:00.001Z",
      "2031-05-02T00:00:00.000Z",
    ];
    const ids = moments.map((at) => newTimeId("cus_", new Date(at)));
    expect([...ids].sort()).toEqual(ids);
    // Two within the same millisecond share the time part.
    const at = new Date("2026-11-25T12:00:00.000Z");
    expect(newTimeId("cus_", at).slice(0, 14)).toBe(newTimeId("cus_", at).slice(0, 14));
  });
});
