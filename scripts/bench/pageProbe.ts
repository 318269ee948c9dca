/**
 * Runs in the page (Playwright's addInitScript, before any of the page's own scripts): on every
 * animation frame, notes when the first screen first shows its key figures, its first chart, and
 * when it last became settled, in ms since the navigation started (performance.now(), whose
 * origin is the navigation's start, redirects included). The signals, by role and label:
 *
 * - figures: the group "Key figures" holds no "Loading …" status and at least one
 *   `[data-kpi-value]` with a digit in it;
 * - first chart: in the viewport, the time series' figure ("… over time") drawn as SVG, the
 *   conversion funnel's steps, a breakdown card's list items, or a report table's rows;
 * - settled: figures and a chart (or, in its place, an error such as a plan refusal: an alert in
 *   the viewport, a final answer too) shown, no dashboard API fetch in flight (the live stream aside),
 *   and nothing in the viewport busy or a placeholder (`aria-busy="true"`, a "Loading …"
 *   status, a pulsing skeleton — bigger than the live view's pulsing dot). The last time this became true is the figure, so a request that
 *   starts after an earlier one ended (a waterfall) counts.
 *
 * Self-contained: Playwright sends its source to the browser.
 */
export function pageProbe(): void {
  interface Probe {
    figures: number | null;
    chart: number | null;
    settled: number | null;
    inFlight: number;
  }
  const probe: Probe = { figures: null, chart: null, settled: null, inFlight: 0 };
  (window as unknown as { __pageBench: Probe }).__pageBench = probe;

  const originalFetch = window.fetch.bind(window);
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === "string" ? input : input instanceof URL ? input.href : input.url,
      location.href,
    );
    const counted = url.origin === location.origin && url.pathname.startsWith("/api/") && !/\/live$/.test(url.pathname);
    if (!counted) return originalFetch(input, init);
    probe.inFlight += 1;
    return originalFetch(input, init).then(
      async (response) => {
        // The body is what the page waits for: count the request as done once it has arrived.
        try {
          await response.clone().arrayBuffer();
        } catch {
          // aborted: done all the same
        }
        probe.inFlight -= 1;
        return response;
      },
      (error: unknown) => {
        probe.inFlight -= 1;
        throw error;
      },
    );
  };

  const inView = (el: Element): boolean => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth;
  };
  const anyInView = (selector: string): boolean => Array.from(document.querySelectorAll(selector)).some(inView);

  const figuresShown = (): boolean => {
    const group = document.querySelector('[role="group"][aria-label="Key figures"]');
    if (!group || group.querySelector('[role="status"][aria-label^="Loading"]')) return false;
    return Array.from(group.querySelectorAll("[data-kpi-value]")).some((value) => /\d/.test(value.textContent ?? ""));
  };
  const CHART = [
    'figure[aria-label$=" over time"] svg',
    'ol[aria-label="Conversion funnel"] > li',
    "section ul[aria-label] > li",
    '[role="region"] ul[aria-label] > li',
    "section table tbody tr",
    '[role="region"] table tbody tr',
  ].join(", ");
  const BUSY = '[aria-busy="true"], [role="status"][aria-label^="Loading"]';
  const placeholderInView = (): boolean =>
    anyInView(BUSY) ||
    Array.from(document.querySelectorAll(".animate-pulse")).some((el) => {
      const r = el.getBoundingClientRect();
      return r.width * r.height >= 200 && inView(el);
    });

  let wasSettled = false;
  const frame = () => {
    const now = performance.now();
    if (document.body) {
      const figures = figuresShown();
      const chart = anyInView(CHART);
      if (figures && probe.figures === null) probe.figures = now;
      if (chart && probe.chart === null) probe.chart = now;
      // A plan refusal (the customers report reads /events, which Pro may not) is the view's final answer.
      const answered = chart || anyInView('[role="alert"]');
      const settled = figures && answered && probe.inFlight === 0 && !placeholderInView();
      if (settled && !wasSettled) probe.settled = now;
      wasSettled = settled;
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

export interface ProbeReading {
  figures: number | null;
  chart: number | null;
  settled: number | null;
  inFlight: number;
}
