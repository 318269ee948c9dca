import { describe, expect, it } from "vitest";
import { MAP_HEIGHT, MAP_WIDTH } from "./mapSize";
import { worldShapes } from "./worldShapes";

describe("worldShapes", () => {
  const { countries } = worldShapes();

  it("draws one shape per country code, Antarctica left out, each inside the map", () => {
    const codes = countries.map((shape) => shape.country);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).not.toContain("AQ");
    expect(codes.length).toBeGreaterThan(170);
    for (const shape of countries) {
      expect(shape.path, shape.country).toMatch(/^M[\d.-]/);
      const [x, y] = shape.anchor;
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThanOrEqual(MAP_WIDTH);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(y).toBeLessThanOrEqual(MAP_HEIGHT);
    }
  });

  it("merges Natural Earth's northern Cyprus into Cyprus, named by its ISO shape", () => {
    const cyprus = countries.filter((shape) => shape.country === "CY");
    expect(cyprus).toHaveLength(1);
    expect(cyprus[0].name).toBe("Cyprus");
  });

  it("points France's tooltip at France, not between it and French Guiana", () => {
    const france = countries.find((shape) => shape.country === "FR")!;
    const germany = countries.find((shape) => shape.country === "DE")!;
    // Europe is in the upper half, near the middle; France just west of Germany.
    expect(france.anchor[1]).toBeLessThan(MAP_HEIGHT / 3);
    expect(Math.abs(france.anchor[0] - germany.anchor[0])).toBeLessThan(40);
  });
});
