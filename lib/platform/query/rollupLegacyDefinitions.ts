/**
 * Each table's digest (rollupTableDefinitions) of the builds that stored one digest of all their
 * rollups (`rollup_state.definition`) and no ROLLUP_DEFINITIONS, by that digest: a file such a
 * build wrote keeps every table this build defines the same way, and builds only the others
 * (rollupPlan.ts). The digest of all the statements names exactly the statements it was made of,
 * so these were computed by running that build's code. Another such digest keeps none.
 */
export const LEGACY_TABLE_DEFINITIONS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  // 3d7c3c4, the base of issue 24's third round: the 10M and 100M benchmark files were seeded by it.
  "67aefa8fbfb0d0da": {
    slot: "029f41a041466917",
    day__country: "81a131df7df367f0",
    hour__country: "818ad6e84c768b12",
    week__cube: "01a2155d25d9d667",
    day__cube: "98daefb1a2d79c8f",
    continent: "1e06fc02fd33c107",
    country: "2511c07e91494ef6",
    country__device: "1c30813e943ec753",
    country_region: "ae458da18a886d06",
    country_region__week_cube: "6c2cf6f18d951eb9",
    country_region_city: "876b234f0b57344b",
    country_region_city__week_cube: "4446fcf32f630277",
    device: "4fb0881ba4525950",
    browser: "c079849c5127770a",
    os: "62da6039f6357ebc",
    trigger: "7011f1ce1bc70c2b",
    referer: "1a286f325d09ee3f",
    referer__week_cube: "0575a1be10e65585",
    referer_url: "8a8a0ecf1cc7a52f",
    referer_url__week_cube: "fd479208665bed01",
    url: "dcc1cc2ac31eab5d",
    url__week_cube: "eb997f7b95b2119b",
    link_id: "2fd2cb9e9a1ec51c",
    link_id__trigger: "575d6c3a32eb1a5f",
    link_id__referer: "e0c86eaad6e96b20",
    link_id__week_country_device: "b23a040d699f5114",
    link_id__week_cube: "50d8238a0c1a9514",
  },
};
