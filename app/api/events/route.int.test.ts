import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { errorBodySchema } from "@/lib/contract/errors";
import { looseEvents } from "@/lib/contract/events";
import { LOCAL_CACHE_CONTROL } from "@/lib/http/localReply";
import { installPeerStamp, PEER_HEADER } from "@/lib/http/peerStamp";
import { MASKED, redactEvents } from "@/lib/upstream/privacy";
import { dashboardRequest, useUpstream } from "@/lib/upstream/testing/env";
import {
  bracketedMiss,
  expectRelayedMiss,
  itRefusesBeforeUpstream,
  routeUnderTest,
} from "@/lib/upstream/testing/route";
import { startCountingProxy, type CountingProxy } from "@/lib/upstream/testing/servers";
import * as handlers from "./route";
import { GET } from "./route";

/**
 * The route as deployed: the dashboard's own proxy, built from the environment on first use
 * (lib/server/proxyRoot.ts). The proxy's behaviour on a clock of its own: lib/upstream/upstreamProxy.int.test.ts.
 */

const platform = inject("platformUrl");
const KEY = "demo_business_key";
const route = routeUnderTest(platform, "/events", GET, KEY);
const { direct, proxied } = route;

/** The platform's body as the browser may see it: no link password, IPs masked. */
const masked = (body: string) => JSON.stringify(redactEvents(JSON.parse(body) as unknown[], MASKED));

describe("GET /api/events against the platform", () => {
  let counter: CountingProxy;
  const logged: string[] = [];

  beforeAll(async () => {
    counter = await startCountingProxy(platform);
    useUpstream(counter.url, KEY);
    for (const method of ["log", "info", "warn", "error"] as const) {
      vi.spyOn(console, method).mockImplementation(
        (...args: unknown[]) => void logged.push(args.map(String).join(" ")),
      );
    }
  });
  afterAll(async () => {
    await counter.close();
    vi.restoreAllMocks();
    expect(logged.join("\n")).not.toContain(KEY);
  });

  it.each([
    "",
    "interval=30d",
    "event=leads&interval=90d&limit=50",
    "event=sales&interval=all&sortOrder=asc&limit=25",
    "event=sales&interval=all&saleType=recurring",
    "country=us,DE&device=-Mobile&interval=30d&page=2",
    "interval=30d&trigger=qr,pageview&limit=7",
    "interval=all&referer=(direct)&continent=-EU,NA",
    "event=leads&interval=all&query=metadata['plan']:'pro'",
    "interval=all&order=asc&qr=false&limit=3",
    "interval=90d&timezone=Europe/Berlin&limit=1000",
    "start=2020-01-01&end=2020-01-02",
  ])("relays ?%s with the platform's exact body", async (query) => {
    const { viaProxy, around } = await bracketedMiss(route, query);
    await expectRelayedMiss(viaProxy, around, masked);
  });

  describe("refuses a bad query before any upstream call, with the platform's own error", () => {
    itRefusesBeforeUpstream(route, () => counter, [
      ["limit=abc", 400],
      ["page=1&page=2", 400],
      ["start=yesterday", 400],
      ["root=maybe", 400],
      ["limit=5000", 422],
      ["event=views", 422],
      ["country=USA", 422],
      ["key=spring", 422],
      ["externalId=123", 422],
      ["query=metadata['plan']:'pro'", 422],
      ["timezone=Mars/Olympus", 422],
    ]);
  });

  describe("sends the browser only what the page shows", () => {
    /** A link of the seeded workspace protected by a password, and its password. */
    async function protectedLink(): Promise<{ id: string; password: string }> {
      for (let page = 1; page <= 30; page++) {
        const events = looseEvents.events.parse(await (await direct(`interval=all&limit=1000&page=${page}`)).json());
        const found = events.find((event) => typeof event.link.password === "string" && event.link.password !== "");
        if (found && typeof found.link.password === "string")
          return { id: found.link.id, password: found.link.password };
        if (events.length < 1000) break;
      }
      throw new Error("the seeded workspace has no link with a password");
    }

    it("never a link's password; IPs masked unless revealIps=1 asks, which is not sent upstream and is cached apart", async () => {
      const link = await protectedLink();
      const query = `interval=all&linkId=${link.id}&limit=20`;
      const platformEvents = looseEvents.events.parse(await (await direct(query)).json());
      expect(platformEvents.length).toBeGreaterThan(0);
      expect(platformEvents[0].link.password).toBe(link.password);

      const first = await proxied(query);
      const maskedText = await first.text();
      expect(first.headers.get("x-linklens-cache")).toBe("miss");
      const revealed = await proxied(`${query}&revealIps=1`);
      const revealedText = await revealed.text();
      // Its own upstream request, for its own cache entry, with the platform's parameters only.
      expect(revealed.headers.get("x-linklens-cache")).toBe("miss");
      expect(counter.seen.at(-1)?.path).not.toContain("revealIps");
      const again = await proxied(query);
      expect(again.headers.get("x-linklens-cache")).toBe("hit");
      expect(await again.text()).toBe(maskedText);

      for (const text of [maskedText, revealedText]) {
        expect(text).not.toContain(link.password);
        expect(text).not.toContain('"password"');
      }
      const shown = looseEvents.events.parse(JSON.parse(maskedText));
      const full = looseEvents.events.parse(JSON.parse(revealedText));
      shown.forEach((event, i) => {
        const ip = platformEvents[i].click.ip;
        expect(event.click.ip).not.toBe(ip);
        expect(event.click.ip).toMatch(/•••/);
        expect(event.ip).toBe(event.click.ip);
        expect(full[i].click.ip).toBe(ip);
        expect(full[i].ip).toBe(ip);
      });
    });
  });

  it.each(["POST", "PUT", "PATCH", "DELETE"] as const)(
    "%s is the spec's 404, as the platform answers it, not a bare 405",
    async (method) => {
      const response = handlers[method](dashboardRequest("/api/events?limit=1", { method }));
      expect(response.status).toBe(404);
      expect(errorBodySchema.parse(await response.json()).error).toMatchObject({
        code: "not_found",
        message: `No route for ${method} /api/events; only GET is supported.`,
      });
    },
  );

  it("sends the workspace key from the environment, and only upstream", async () => {
    const response = await proxied("interval=7d&limit=3");
    expect(response.status).toBe(200);
    expect(counter.seen.at(-1)?.authorization).toBe(`Bearer ${KEY}`);
    expect(JSON.stringify([...response.headers])).not.toContain(KEY);
  });

  it("a browser on this machine gets the page as it is (no gzip: no network to save); any other client's reply may be compressed", async () => {
    installPeerStamp();
    const from = (peer: string, forwardedFor?: string) =>
      proxied("interval=7d&limit=3", {
        headers: { [PEER_HEADER]: peer, ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}) },
      });
    for (const peer of ["127.0.0.1", "::1"])
      expect((await from(peer)).headers.get("cache-control"), peer).toBe(LOCAL_CACHE_CONTROL);
    expect((await from("203.0.113.5")).headers.get("cache-control")).toBe("private, no-store");
    // What the client says about itself does not make it local.
    expect((await from("203.0.113.5", "127.0.0.1")).headers.get("cache-control")).toBe("private, no-store");
  });
});
