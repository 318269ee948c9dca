import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ServerNowProvider } from "./serverNow";
import { useNow } from "./useNow";

function Probe() {
  const now = useNow();
  return createElement("span", null, now === null ? "unknown" : now.toISOString());
}

describe("useNow", () => {
  it("is null in the server's HTML, so the first client render matches it", () => {
    expect(renderToString(createElement(Probe))).toBe("<span>unknown</span>");
  });

  it("is the server's minute in a page that fetched its first screen with it", () => {
    const minute = Date.UTC(2026, 10, 25, 16, 40);
    expect(renderToString(createElement(ServerNowProvider, { minute, children: createElement(Probe) }))).toBe(
      "<span>2026-11-25T16:40:00.000Z</span>",
    );
  });
});
