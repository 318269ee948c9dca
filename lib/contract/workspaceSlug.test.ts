import { describe, expect, it } from "vitest";
import { SLUG_INPUT_PATTERN, SLUG_PATTERN, suggestSlug } from "./workspaceSlug";

describe("workspace slugs", () => {
  it("the form's pattern compiles as browsers compile it (the v flag) and agrees with the server's rule", () => {
    const browser = new RegExp(`^(?:${SLUG_INPUT_PATTERN})$`, "v");
    for (const slug of [
      "acme",
      "a",
      "globex-corp",
      "a1-b2",
      "x".repeat(40),
      "-acme",
      "acme-",
      "Acme",
      "a_b",
      "x".repeat(41),
      "",
    ]) {
      expect(browser.test(slug), slug).toBe(SLUG_PATTERN.test(slug));
    }
    expect(SLUG_PATTERN.test("globex-corp")).toBe(true);
    expect(SLUG_PATTERN.test("acme-")).toBe(false);
  });

  it.each([
    ["Globex Corp.", "globex-corp"],
    ["  Café  Müller  ", "cafe-muller"],
    ["ACME / EU", "acme-eu"],
    ["!!!", ""],
    ["a".repeat(39) + " b", "a".repeat(39)],
  ])("suggests %j → %j, always a valid slug or nothing", (name, slug) => {
    expect(suggestSlug(name)).toBe(slug);
    if (slug) expect(SLUG_PATTERN.test(slug)).toBe(true);
  });
});
