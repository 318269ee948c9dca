import { describe, expect, it } from "vitest";
import { customerOf } from "./visitors";

describe("customerOf", () => {
  it("gives a name and an email of the same person", () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    for (let n = 0; n < 50; n++) {
      const { name, email } = customerOf(random, n);
      const [first, last] = name.split(" ");
      const plain = (text: string) =>
        text
          .normalize("NFD")
          .replace(/[^A-Za-z]/g, "")
          .toLowerCase();
      expect(email).toBe(`${plain(first)}.${plain(last)}.${n}@example.com`);
    }
  });
});
