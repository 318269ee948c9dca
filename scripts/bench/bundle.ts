// First-visit JavaScript (issue 3): every script the first load of / fetches, gzipped here.
import { gzipSync } from "node:zlib";
import type { Browser, Response } from "@playwright/test";

/** The first visit's budget (issue 20): next, react, react-query and the first screen's own code, gzip. */
export const JS_BUDGET_KB = 300;

export interface Chunk {
  path: string;
  rawBytes: number;
  gzipBytes: number;
  /** Libraries whose marker strings the chunk contains (a hint, not an analysis). */
  contains: string[];
}

/** Strings that survive minification and tell which library a chunk carries. */
const MARKERS: readonly [string, RegExp][] = [
  ["next", /__next_f|next-router|__NEXT_/],
  ["react-dom", /__reactFiber|__reactContainer/],
  ["react-query", /QueryClient/],
  ["zod", /ZodError/],
  ["nuqs", /nuqs/],
];

const markersIn = (body: Buffer): string[] => {
  const text = body.toString("latin1");
  return MARKERS.filter(([, re]) => re.test(text)).map(([name]) => name);
};

export interface BundleResult {
  chunks: Chunk[];
  totalGzipKb: number;
  totalRawKb: number;
}

const isScript = (response: Response): boolean => {
  const type = response.headers()["content-type"] ?? "";
  return (
    response.request().resourceType() === "script" ||
    /javascript/.test(type) ||
    /\.m?js(\?|$)/.test(new URL(response.url()).pathname)
  );
};

export async function measureFirstVisitJs(browser: Browser, url: string): Promise<BundleResult> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const bodies: Promise<Chunk | null>[] = [];
    const seen = new Set<string>();
    page.on("response", (response) => {
      if (!isScript(response) || seen.has(response.url())) return;
      seen.add(response.url());
      bodies.push(
        response.body().then(
          (body) => ({
            path: new URL(response.url()).pathname,
            rawBytes: body.length,
            gzipBytes: gzipSync(body, { level: 9 }).length,
            contains: markersIn(body),
          }),
          () => null,
        ),
      );
    });
    const nav = await page.goto(url, { waitUntil: "networkidle", timeout: 60_000 });
    if (!nav || nav.status() !== 200) throw new Error(`GET ${url} → ${nav?.status() ?? "no response"}`);
    const chunks = (await Promise.all(bodies))
      .filter((c): c is Chunk => c !== null)
      .sort((a, b) => b.gzipBytes - a.gzipBytes);
    if (chunks.length === 0) throw new Error("the first load fetched no JavaScript");
    /** kB = 1000 bytes. */
    const kb = (bytes: number) => Math.round(bytes / 100) / 10;
    return {
      chunks,
      totalGzipKb: kb(chunks.reduce((sum, c) => sum + c.gzipBytes, 0)),
      totalRawKb: kb(chunks.reduce((sum, c) => sum + c.rawBytes, 0)),
    };
  } finally {
    await context.close();
  }
}
