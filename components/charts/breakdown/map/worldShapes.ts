import { geoEqualEarth, geoPath } from "d3-geo";
import type { Feature, MultiPolygon, Polygon } from "geojson";
import { merge } from "topojson-client";
import type {
  GeometryCollection,
  Polygon as TopoPolygon,
  MultiPolygon as TopoMultiPolygon,
  Topology,
} from "topojson-specification";
// Natural Earth's 1:110m countries (world-atlas): about 100 kB, bundled into this lazy chunk only.
import countries110m from "world-atlas/countries-110m.json";
import { shapeCountry } from "./countryCodes";
import { MAP_HEIGHT, MAP_WIDTH } from "./mapSize";

/** One country as the map draws it: its SVG path and where its tooltip points. */
export interface CountryShape {
  /** ISO alpha-2, as the platform records countries. */
  country: string;
  /** Natural Earth's short name, for a country the runtime cannot name. */
  name: string;
  path: string;
  /** The centre of its largest part (France's, not the Atlantic between it and French Guiana). */
  anchor: readonly [number, number];
}

export interface WorldShapes {
  width: number;
  height: number;
  countries: readonly CountryShape[];
}

/** Antarctica takes a fifth of the height and no visitor is ever located there. */
const LEFT_OUT = new Set(["AQ"]);

type CountryGeometry = TopoPolygon<{ name: string }> | TopoMultiPolygon<{ name: string }>;
type CountriesTopology = Topology<{ countries: GeometryCollection<{ name: string }> }>;

function largestPart(shape: Feature<Polygon | MultiPolygon>): Feature<Polygon> {
  if (shape.geometry.type === "Polygon") return shape as Feature<Polygon>;
  const area = geoPath().area;
  const parts = shape.geometry.coordinates.map(
    (coordinates): Feature<Polygon> => ({
      type: "Feature",
      properties: {},
      geometry: { type: "Polygon", coordinates },
    }),
  );
  return parts.reduce((largest, part) => (area(part) > area(largest) ? part : largest));
}

/**
 * The countries as SVG paths in an Equal Earth projection (areas as they are, so a colour
 * covers as much of the map as the country covers of the world), one shape per country code
 * (Natural Earth's uncoded shapes merged into the country they are counted in).
 */
function buildShapes(): WorldShapes {
  const topology = countries110m as unknown as CountriesTopology;
  const byCountry = new Map<string, { name: string; geometries: CountryGeometry[] }>();
  for (const geometry of topology.objects.countries.geometries) {
    if (geometry.type !== "Polygon" && geometry.type !== "MultiPolygon") continue;
    const name = geometry.properties?.name ?? "";
    const country = shapeCountry(geometry.id, name);
    if (!country || LEFT_OUT.has(country)) continue;
    const entry = byCountry.get(country);
    // The shape with the ISO code names the country (Cyprus, not N. Cyprus).
    if (entry) {
      entry.geometries.push(geometry);
      if (geometry.id !== undefined) entry.name = name;
    } else byCountry.set(country, { name, geometries: [geometry] });
  }
  const features = [...byCountry].map(([country, { name, geometries }]) => ({
    country,
    name,
    shape: {
      type: "Feature",
      properties: {},
      // One MultiPolygon per country, whether Natural Earth has one shape for it or two.
      geometry: merge(topology as unknown as Topology, geometries),
    } as Feature<Polygon | MultiPolygon>,
  }));
  const projection = geoEqualEarth().fitSize([MAP_WIDTH, MAP_HEIGHT], {
    type: "FeatureCollection",
    features: features.map((entry) => entry.shape),
  });
  const project = geoPath(projection).digits(1);
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    width: MAP_WIDTH,
    height: MAP_HEIGHT,
    countries: features.map(({ country, name, shape }) => {
      const [x, y] = project.centroid(largestPart(shape));
      return { country, name, path: project(shape) ?? "", anchor: [round(x), round(y)] as const };
    }),
  };
}

let shapes: WorldShapes | undefined;

/** Built once, on first use (projecting 177 shapes takes a few milliseconds). */
export function worldShapes(): WorldShapes {
  shapes ??= buildShapes();
  return shapes;
}
