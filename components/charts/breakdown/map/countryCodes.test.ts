import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import countries from "world-atlas/countries-110m.json";
import { describe, expect, it } from "vitest";
import { alpha2ToNumeric, numericToAlpha2, shapeCountry } from "./countryCodes";

describe("alpha-2 and numeric country codes", () => {
  it("map both ways, zero-padded as ISO writes them", () => {
    expect(alpha2ToNumeric("DE")).toBe("276");
    expect(alpha2ToNumeric("af")).toBe("004");
    expect(numericToAlpha2("276")).toBe("DE");
    expect(numericToAlpha2("004")).toBe("AF");
    expect(numericToAlpha2("4")).toBe("AF");
    expect(numericToAlpha2("840")).toBe("US");
  });

  it("are each other's inverse for every assigned code", () => {
    for (const alpha2 of ["US", "GB", "FR", "JP", "BR", "ZA", "IN", "NZ", "TW", "PS", "SS"]) {
      const numeric = alpha2ToNumeric(alpha2);
      expect(numeric).toMatch(/^\d{3}$/);
      expect(numericToAlpha2(numeric!)).toBe(alpha2);
    }
  });

  it("know no code ISO does not assign", () => {
    expect(alpha2ToNumeric("XK")).toBeNull();
    expect(alpha2ToNumeric("ZZ")).toBeNull();
    expect(alpha2ToNumeric("toString")).toBeNull();
    expect(numericToAlpha2("999")).toBeNull();
    expect(numericToAlpha2("constructor")).toBeNull();
  });
});

describe("the map's shapes", () => {
  const topology = countries as unknown as Topology<{ countries: GeometryCollection<{ name: string }> }>;
  const shapes = feature(topology, topology.objects.countries).features;

  it("each stand for a country: by numeric id, or by name for the three Natural Earth leaves uncoded", () => {
    const unnamed = shapes.filter((shape) => shapeCountry(shape.id, shape.properties.name) === null);
    expect(unnamed.map((shape) => shape.properties.name)).toEqual([]);
    expect(shapeCountry(undefined, "Kosovo")).toBe("XK");
    expect(shapeCountry(undefined, "N. Cyprus")).toBe("CY");
    expect(shapeCountry(undefined, "Somaliland")).toBe("SO");
    expect(shapeCountry(undefined, "Atlantis")).toBeNull();
  });

  it("cover the largest countries under the codes the platform records", () => {
    const codes = new Set(shapes.map((shape) => shapeCountry(shape.id, shape.properties.name)));
    for (const code of ["US", "CA", "BR", "RU", "CN", "IN", "AU", "DE", "FR", "GB", "ZA", "NG", "XK"])
      expect(codes.has(code), code).toBe(true);
  });
});
