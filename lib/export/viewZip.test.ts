import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { viewZipName, zipText } from "./viewZip";

describe("zipText", () => {
  it("holds every file, byte for byte in UTF-8, under names unique and safe", () => {
    const zip = zipText(
      [
        { name: "countries.csv", text: "\ufeffCountry,Clicks\nMéxico,3\n" },
        { name: "countries.csv", text: "second" },
        { name: "a/b:c.txt", text: "url" },
      ],
      new Date("2026-03-14T10:00:00Z"),
    );
    const files = unzipSync(zip);
    expect(Object.keys(files)).toEqual(["countries.csv", "countries-2.csv", "a-b-c.txt"]);
    // The byte-order mark stays (TextDecoder would drop it on reading: compare the bytes).
    expect([...files["countries.csv"].slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(strFromU8(files["countries.csv"].slice(3))).toBe("Country,Clicks\nMéxico,3\n");
    expect(strFromU8(files["countries-2.csv"])).toBe("second");
  });
});

describe("viewZipName", () => {
  it("names the view and its days", () => {
    expect(viewZipName("Spring campaign — Müller", "2026-03-01", "2026-03-31")).toBe(
      "spring-campaign-muller-2026-03-01-to-2026-03-31.zip",
    );
    expect(viewZipName("  ", "2026-03-01", "2026-03-01")).toBe("view-2026-03-01-to-2026-03-01.zip");
  });
});
