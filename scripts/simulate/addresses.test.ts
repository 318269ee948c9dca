import { describe, expect, it } from "vitest";
import { geoOf } from "../../lib/platform/resolve/geo";
import { ADDRESS_BLOCKS, inBlock, visitorAddress } from "./addresses";
import { seededRandom } from "./visitors";

describe("simulated visitors' addresses", () => {
  it("are the same for the same seed", () => {
    const draw = (seed: number) => {
      const random = seededRandom(seed);
      return Array.from({ length: 50 }, () => visitorAddress(random));
    };
    expect(draw(4)).toEqual(draw(4));
    expect(draw(4)).not.toEqual(draw(5));
  });

  it("come from every block, and the offline database places each in its block's country", () => {
    const random = seededRandom(1);
    const countries = new Set<string>();
    for (let i = 0; i < 3000; i++) {
      const ip = visitorAddress(random);
      const block = ADDRESS_BLOCKS.find((b) => inBlock(ip, b));
      expect(block, ip).toBeDefined();
      expect(geoOf(ip).country, ip).toBe(block?.country);
      expect(ip).not.toMatch(/\.(0|255)$/);
      countries.add(geoOf(ip).country);
    }
    expect([...countries].sort()).toEqual([...new Set(ADDRESS_BLOCKS.map((b) => b.country))].sort());
  });
});
