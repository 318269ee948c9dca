import { describe, expect, it } from "vitest";
import { afterClaim, afterOutcome } from "./sharedCache";

describe("a shared-cache load's steps", () => {
  it("a claim leads, waits for the lock's owner, or claims again", () => {
    expect(afterClaim({ kind: "lead" })).toEqual({ kind: "leading" });
    expect(afterClaim({ kind: "wait", owner: "load-1" })).toEqual({ kind: "waiting", owner: "load-1" });
    expect(afterClaim({ kind: "again" })).toEqual({ kind: "claiming" });
  });

  it("a kept reply that cannot be read is claimed again", () => {
    expect(afterClaim({ kind: "hit", stored: "not an outcome", remainingMs: 5_000 })).toEqual({ kind: "claiming" });
  });

  it("an outcome ends in a failure, or an abandoned load is claimed again", () => {
    expect(afterOutcome({ kind: "failed", status: 502, message: "down" }, "shared")).toEqual({
      kind: "failed",
      status: 502,
      message: "down",
    });
    expect(afterOutcome({ kind: "abandoned" }, "shared")).toEqual({ kind: "claiming" });
  });
});
