import { describe, expect, it } from "vitest";
import { formatWhen } from "./when";

describe("formatWhen", () => {
  it("writes an instant as the rest of the app does, in the zone asked for", () => {
    expect(formatWhen("2026-11-21T02:00:00.000Z", "Europe/Berlin")).toBe("Nov 21, 2026, 03:00");
    expect(formatWhen("2026-11-21T02:00:00.000Z", "UTC")).toBe("Nov 21, 2026, 02:00");
  });
  it("says never for no instant", () => {
    expect(formatWhen(null, "UTC")).toBe("never");
  });
});
