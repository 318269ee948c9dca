"use client";

import dynamic from "next/dynamic";
import { MAP_HEIGHT, MAP_WIDTH } from "./mapSize";

function MapLoading() {
  return (
    <div
      role="status"
      className="w-full animate-pulse rounded-md bg-zinc-100"
      style={{ aspectRatio: `${MAP_WIDTH} / ${MAP_HEIGHT}` }}
    >
      <span className="sr-only">Loading the map</span>
    </div>
  );
}

/** The map, its geometry (Natural Earth 1:110m) and projection load only when a card's map view is chosen. */
export const CountryMap = dynamic(() => import("./CountryMap").then((m) => m.CountryMap), {
  ssr: false,
  loading: MapLoading,
});
