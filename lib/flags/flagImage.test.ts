import { describe, expect, it } from "vitest";
import { errorBodySchema } from "../contract/errors";
import { flagImage } from "./flagImage";

describe("GET /flags/<code>.svg", () => {
  it("serves a country's flag as a long-cached SVG", async () => {
    const response = await flagImage("de.svg");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/svg+xml");
    expect(response.headers.get("cache-control")).toContain("immutable");
    expect(await response.text()).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
  });

  it.each(["qq.svg", "US.svg", "us.png", "..%2Fpackage.json", "../../package.json", "u.svg", ""])(
    "answers %j with a 404 in the error shape",
    async (file) => {
      const response = await flagImage(file);
      expect(response.status).toBe(404);
      expect(errorBodySchema.parse(await response.json()).error.code).toBe("not_found");
    },
  );
});
