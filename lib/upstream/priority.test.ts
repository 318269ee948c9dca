import { describe, expect, it } from "vitest";
import { MAX_PRIORITY, MIN_PRIORITY, requestPriority } from "./priority";

const withPriority = (value?: string) =>
  new Request("http://127.0.0.1:3000/api/events", {
    headers: value === undefined ? {} : { "X-Linklens-Priority": value },
  });

describe("a request's priority", () => {
  it.each([
    [undefined, 0],
    ["high", 10],
    [" LOW ", -10],
    ["5", 5],
    ["+3", 3],
    ["-10", -10],
    ["100", MAX_PRIORITY],
    ["99999999999999999999", MAX_PRIORITY],
    ["-5000", MIN_PRIORITY],
    ["1e9", 0],
    ["2.5", 0],
    ["Infinity", 0],
    ["constructor", 0],
    ["__proto__", 0],
    ["", 0],
  ])("%j → %i: the UI's range, whatever a client sends", (value, expected) => {
    expect(requestPriority(withPriority(value))).toBe(expected);
  });
});
