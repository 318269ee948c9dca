import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { addressScript } from "./addressScript";

interface Replaced {
  state: unknown;
  url: string;
}

/** Runs the script as a page at this address would, recording what it writes into the history. */
function run(script: string, address: string): Replaced[] {
  const url = new URL(address, "https://dash.example");
  const replaced: Replaced[] = [];
  const state = { kept: true };
  runInNewContext(script, {
    location: { pathname: url.pathname, search: url.search, hash: url.hash },
    history: {
      state,
      replaceState: (s: unknown, _unused: string, to: string) => void replaced.push({ state: s, url: to }),
    },
  });
  return replaced;
}

describe("the share link's view, written into the address by its HTML (addressScript)", () => {
  it("at the bare address, replaces the entry with the link's view, keeping the history state and the hash", () => {
    expect(run(addressScript("?interval=30d&country=US,DE&timezone=Europe/Berlin"), "/s/tok_Abc#chart")).toEqual([
      { state: { kept: true }, url: "/s/tok_Abc?interval=30d&country=US,DE&timezone=Europe/Berlin#chart" },
    ]);
  });

  it("leaves an address that already names a view as it is", () => {
    expect(run(addressScript("?interval=30d"), "/s/tok_Abc?interval=7d")).toEqual([]);
  });

  it("cannot close its script element, whatever the view", () => {
    const script = addressScript("?name=</script><script>alert(1)</script>");
    expect(script).not.toContain("<");
    expect(run(script, "/s/t")[0].url).toBe("/s/t?name=</script><script>alert(1)</script>");
  });
});
