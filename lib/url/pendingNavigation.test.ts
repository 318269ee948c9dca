import { afterEach, describe, expect, it } from "vitest";
import { navigationPendingElsewhere, noteNavigationLanded, noteNavigationStart } from "./pendingNavigation";

describe("pending navigation", () => {
  afterEach(noteNavigationLanded);

  it("is none until a navigation starts", () => {
    expect(navigationPendingElsewhere("/w/acme")).toBe(false);
  });

  it("is pending from a navigation's start to its landing", () => {
    noteNavigationStart("/w/acme/settings");
    expect(navigationPendingElsewhere("/w/acme?interval=7d")).toBe(true);
    noteNavigationLanded();
    expect(navigationPendingElsewhere("/w/acme/settings")).toBe(false);
  });

  it("counts one to another query of the same page, not one to the address shown", () => {
    noteNavigationStart("http://127.0.0.1:3000/w/acme?interval=7d");
    expect(navigationPendingElsewhere("/w/acme?interval=30d")).toBe(true);
    expect(navigationPendingElsewhere("/w/acme?interval=7d")).toBe(false);
  });
});
