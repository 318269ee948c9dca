import { describe, expect, it } from "vitest";
import { parseSimulateArgs, UsageError } from "./args";

describe("npm run simulate's flags", () => {
  it("defaults to 2 clicks a second against the local platform until stopped", () => {
    expect(parseSimulateArgs([], { PLATFORM_PORT: "8800" })).toEqual({
      base: "http://127.0.0.1:8800",
      key: "demo_business_key",
      rate: 2,
      seconds: null,
      leadShare: 0.15,
      saleShare: 0.4,
      seed: 1,
    });
  });

  it("reads every flag", () => {
    const parsed = parseSimulateArgs([
      "--rate",
      "20",
      "--seconds",
      "30",
      "--base",
      "http://127.0.0.1:9000/",
      "--key",
      "k",
      "--lead-share",
      "0.5",
      "--sale-share",
      "1",
      "--seed",
      "7",
    ]);
    expect(parsed).toMatchObject({
      base: "http://127.0.0.1:9000",
      key: "k",
      rate: 20,
      seconds: 30,
      leadShare: 0.5,
      saleShare: 1,
      seed: 7,
    });
  });

  it.each([
    [["--rate", "0"], "--rate must be a number from 0.1 to 500"],
    [["--rate", "lots"], "--rate must be a number"],
    [["--seconds", "1.5"], "--seconds must be a whole number"],
    [["--lead-share", "2"], "--lead-share must be a number from 0 to 1"],
    [["--base", "ftp://x"], "--base must be an http(s) URL"],
    [["--base", "not a url"], "--base must be a URL"],
    [["--key", " "], "--key must not be empty"],
    [["--speed", "3"], "Unknown option"],
    [["extra"], "positional"],
  ])("refuses %j with a clear message", (argv, message) => {
    expect(() => parseSimulateArgs(argv)).toThrow(UsageError);
    expect(() => parseSimulateArgs(argv)).toThrow(message);
  });

  it("answers --help", () => {
    expect(parseSimulateArgs(["--help"])).toBe("help");
  });
});
