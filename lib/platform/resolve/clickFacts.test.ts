import { describe, expect, it } from "vitest";
import { geoOf } from "./geo";
import { refererOf } from "./refererOf";
import { deviceOf } from "./userAgent";

describe("what a click records of its visitor", () => {
  it("device, browser and OS, named as the seed names them", () => {
    expect(
      deviceOf(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
      ),
    ).toEqual({
      device: "Mobile",
      browser: "Safari",
      os: "iOS",
      bot: false,
    });
    expect(
      deviceOf(
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.2849.68",
      ),
    ).toMatchObject({
      device: "Desktop",
      browser: "Edge",
      os: "Mac OS",
    });
    expect(
      deviceOf(
        "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
      ).device,
    ).toBe("Tablet");
    expect(deviceOf("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)").bot).toBe(true);
    expect(deviceOf(undefined)).toEqual({ device: "Desktop", browser: "Unknown", os: "Unknown", bot: false });
  });

  it("country, city, ISO 3166-2 region and continent from the offline database", () => {
    expect(geoOf("81.2.69.142")).toEqual({ country: "GB", city: "St Albans", region: "GB-ENG", continent: "EU" });
    expect(geoOf("::ffff:81.2.69.142").country).toBe("GB");
    expect(geoOf("127.0.0.1")).toEqual({
      country: "Unknown",
      city: "Unknown",
      region: "Unknown",
      continent: "Unknown",
    });
  });

  it("the referer's host and URL, or (direct)", () => {
    expect(refererOf("https://www.google.com/search?q=x")).toEqual({
      referer: "google.com",
      refererUrl: "https://www.google.com/search?q=x",
    });
    expect(refererOf(undefined)).toEqual({ referer: "(direct)", refererUrl: "(direct)" });
    expect(refererOf("not a url")).toEqual({ referer: "(direct)", refererUrl: "(direct)" });
  });
});
