import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { useNow } from "./useNow";

function Probe() {
  const now = useNow();
  return createElement("span", null, now === null ? "unknown" : now.toISOString());
}

describe("useNow", () => {
  it("is null in the server's HTML, so the first client render matches it", () => {
    expect(renderToString(createElement(Probe))).toBe("<span>unknown</span>");
  });
});
