import { describe, expect, it } from "vitest";
import { isAbort } from "./abort";

describe("isAbort", () => {
  it("knows a cancellation from fetch, AbortSignal and Next", () => {
    expect(isAbort(new DOMException("The operation was aborted.", "AbortError"))).toBe(true);
    expect(isAbort(AbortSignal.abort().reason)).toBe(true);
    expect(isAbort(Object.assign(new Error("This operation was aborted"), { name: "ResponseAborted" }))).toBe(true);
  });

  it("takes anything else for a failure", () => {
    expect(isAbort(new DOMException("Timed out.", "TimeoutError"))).toBe(false);
    expect(isAbort(new TypeError("fetch failed"))).toBe(false);
    expect(isAbort({ name: "AbortError" })).toBe(false);
    expect(isAbort(undefined)).toBe(false);
  });
});
