import { describe, expect, it } from "vitest";
import { migrateDeprecated } from "./migrate";

const migrate = (qs: string) => migrateDeprecated(new URLSearchParams(qs))?.toString() ?? null;

describe("deprecated URL names are migrated once, on load", () => {
  it("moves each to its successor", () => {
    expect(migrate("tagIds=t1%2Ct2&interval=7d")).toBe("interval=7d&tagId=t1%2Ct2");
    expect(migrate("qr=true")).toBe("trigger=qr");
    expect(migrate("qr=false")).toBe("trigger=link");
    expect(migrate("order=asc")).toBe("sortOrder=asc");
  });

  it("keeps a successor already present, and drops the old name", () => {
    expect(migrate("tagIds=t1&tagId=t2")).toBe("tagId=t2");
    expect(migrate("qr=true&trigger=pageview")).toBe("trigger=pageview");
    expect(migrate("order=asc&sortOrder=desc")).toBe("sortOrder=desc");
  });

  it("has nothing to do for a current URL, and leaves a value with no successor spelling for the page to report", () => {
    expect(migrate("country=US&interval=30d")).toBeNull();
    expect(migrate("qr=1")).toBeNull();
  });
});
