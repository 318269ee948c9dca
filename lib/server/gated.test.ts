import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { errorBodySchema } from "../contract/errors";
import { proxy } from "../../proxy";
import { gated } from "./gated";

/**
 * The reads answered before Next (./directReads.ts) pass proxy.ts's checks: what proxy.ts refuses,
 * `gated` refuses; what it lets through carries the same headers.
 */

const CSRF = "ab".repeat(24);
const ORIGIN = "http://127.0.0.1:3000";

function request(path: string, init: { method?: string; headers?: Record<string, string> } = {}): NextRequest {
  return new NextRequest(`${ORIGIN}${path}`, {
    method: init.method ?? "GET",
    headers: { host: "127.0.0.1:3000", ...init.headers },
  });
}

/** A route's handler that says it ran. */
function handler() {
  const calls: string[] = [];
  const run = gated(async (req: Request) => {
    calls.push(new URL(req.url).pathname);
    return Response.json({ ran: true });
  });
  return { calls, run };
}

async function code(response: Response): Promise<string> {
  return errorBodySchema.parse(await response.json()).error.code;
}

const CASES: { name: string; method?: string; headers: Record<string, string> }[] = [
  { name: "same origin", headers: { "sec-fetch-site": "same-origin", origin: ORIGIN } },
  { name: "typed in the address bar", headers: { "sec-fetch-site": "none" } },
  { name: "curl", headers: {} },
  { name: "another site (Sec-Fetch-Site)", headers: { "sec-fetch-site": "cross-site" } },
  { name: "a sibling site", headers: { "sec-fetch-site": "same-site" } },
  { name: "another origin (Origin only)", headers: { origin: "https://evil.example" } },
  { name: "another port", headers: { origin: "http://127.0.0.1:3001" } },
  { name: "DNS rebinding", headers: { host: "evil.example" } },
  { name: "a loopback-looking host", headers: { host: "127.0.0.1.evil.example:3000" } },
  { name: "no host", headers: { host: "" } },
  { name: "POST without the CSRF token", method: "POST", headers: { "sec-fetch-site": "same-origin" } },
  {
    name: "POST with a wrong token",
    method: "POST",
    headers: { "sec-fetch-site": "same-origin", cookie: `linklens_csrf=${CSRF}`, "x-linklens-csrf": "cd".repeat(24) },
  },
  {
    name: "POST with the token",
    method: "POST",
    headers: { "sec-fetch-site": "same-origin", cookie: `linklens_csrf=${CSRF}`, "x-linklens-csrf": CSRF },
  },
];

describe("gated: the checks of proxy.ts for a request answered without it", () => {
  for (const path of ["/api/events", "/api/analytics?interval=30d", "/api/w/acme/events", "/api/s/tok_1/analytics"]) {
    it.each(CASES)(`${path}: $name is judged as proxy.ts judges it`, async ({ method, headers }) => {
      const judged = proxy(request(path, { method, headers }));
      const { calls, run } = handler();
      const answer = await run(request(path, { method, headers }));
      if (judged.status === 200) {
        // Through: the handler answers, with the API's headers.
        expect(answer.status).toBe(200);
        expect(calls).toEqual([path.split("?")[0]]);
      } else {
        expect(answer.status).toBe(judged.status);
        expect(await code(answer)).toBe(await code(judged));
        expect(calls).toEqual([]);
      }
      for (const name of ["content-security-policy", "x-content-type-options", "x-frame-options", "referrer-policy"])
        expect(answer.headers.get(name), name).toBe(judged.headers.get(name));
    });
  }

  it("a path that is not text is a 400 before the handler runs", async () => {
    const { calls, run } = handler();
    const answer = await run(request("/api/w/%ff/events"));
    expect(answer.status).toBe(400);
    expect(await code(answer)).toBe("bad_request");
    expect(calls).toEqual([]);
  });

  it("adds the headers to a response whose headers cannot change (one from fetch)", async () => {
    const run = gated(async () => Response.redirect(`${ORIGIN}/`, 302));
    const answer = await run(request("/api/events"));
    expect(answer.status).toBe(302);
    expect(answer.headers.get("x-frame-options")).toBe("DENY");
    expect(answer.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});
