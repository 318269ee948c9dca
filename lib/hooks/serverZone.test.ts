import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { useBrowserTimeZone } from "../filters/useView";
import { ServerZoneProvider } from "./serverZone";

function Probe() {
  return createElement("span", null, useBrowserTimeZone());
}

describe("the zone a zone-less URL renders in on the server", () => {
  it("is the one the server filled the first screen in, so the HTML and the hydration agree; UTC without one", () => {
    expect(
      renderToString(createElement(ServerZoneProvider, { zone: "Asia/Tokyo", children: createElement(Probe) })),
    ).toBe("<span>Asia/Tokyo</span>");
    expect(renderToString(createElement(ServerZoneProvider, { zone: null, children: createElement(Probe) }))).toBe(
      "<span>UTC</span>",
    );
    expect(renderToString(createElement(Probe))).toBe("<span>UTC</span>");
  });
});
