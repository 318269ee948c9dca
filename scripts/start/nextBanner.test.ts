import { describe, expect, it } from "vitest";
import { isNextBanner } from "./nextBanner.mjs";

describe("isNextBanner", () => {
  it.each([
    "   ▲ Next.js 16.4.6",
    "   - Local:        http://127.0.0.1:3000",
    "   - Network:      http://10.0.0.2:3000",
    " ✓ Starting...",
    " ✓ Ready in 412ms",
    "✓ Running next.config.mjs took 514ms",
    "",
    "   ",
  ])("drops Next's banner line %j", (line) => expect(isNextBanner(line)).toBe(true));

  it.each([
    "linklens: no account yet. Create the first owner at http://127.0.0.1:3000/setup/abc",
    "linklens: the dashboard's database could not be opened: disk full",
    "[linklens] unexpected proxy failure: TypeError",
    "Error: listen EADDRINUSE: address already in use 127.0.0.1:3000",
  ])("keeps the dashboard's own line %j", (line) => expect(isNextBanner(line)).toBe(false));
});
