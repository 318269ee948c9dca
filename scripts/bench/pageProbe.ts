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
 * - settled: figures and a chart (or, in its place, a final answer: an error, an alert in the
 *   viewport; or a card's notice, a status in a chart's titled region that is not a "Loading …"
 *   one, such as the customers report's "needs the Business plan" on the Pro key) shown, no dashboard API fetch in flight (the live stream aside),
 *   and nothing in the viewport busy or a placeholder (`aria-busy="true"`, a "Loading …"
 *   status, a pulsing skeleton — bigger than the live view's pulsing dot). The last time this became true is the figure, so a request that
 *   starts after an earlier one ended (a waterfall) counts.
 *
 * Also, for `--verbose`: when the page hydrated (the first frame where React holds the key figures'
 * group: its fiber is on the element) and, while the view is not settled, what keeps it from
 * settling (`waitingOn`, the last reason seen: a probe that never settles says why).
 *
 * Self-contained: Playwright sends its source to the browser.
 */
export function pageProbe(): void {
  interface Probe {
    figures: number | null;
    chart: number | null;
    settled: number | null;
    inFlight: number;
    hydrated: number | null;
    waitingOn: string | null;
    inFlightPaths: string[];
    longTasks: [number, number][];
  }
  const probe: Probe = {
    figures: null,
    chart: null,
    settled: null,
    inFlight: 0,
    hydrated: null,
    waitingOn: null,
    inFlightPaths: [],
    longTasks: [],
  };
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) probe.longTasks.push([Math.round(e.startTime), Math.round(e.duration)]);
    }).observe({ type: "longtask", buffered: true });
  } catch {
    // no long tasks timeline in this browser
  }
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
    const path = `${url.pathname}${url.search}`;
    probe.inFlightPaths.push(path);
    const done = () => {
      probe.inFlight -= 1;
      probe.inFlightPaths.splice(probe.inFlightPaths.indexOf(path), 1);
    };
    return originalFetch(input, init).then(
      async (response) => {
        // The body is what the page waits for: count the request as done once it has arrived.
        try {
          await response.clone().arrayBuffer();
        } catch {
          // aborted: done all the same
        }
        done();
        return response;
      },
      (error: unknown) => {
        done();
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
  /** A chart's card (components/charts/parts/Card.tsx: a region named by its heading) answering with a notice. */
  const CARD_NOTICE = 'section[aria-labelledby] [role="status"]:not([aria-label^="Loading"])';
  /** The first placeholder in the viewport, described (its tag, role and label), or null. */
  const placeholderInView = (): string | null => {
    const busy = Array.from(document.querySelectorAll(BUSY)).find(inView);
    const pulsing = Array.from(document.querySelectorAll(".animate-pulse")).find((el) => {
      const r = el.getBoundingClientRect();
      return r.width * r.height >= 200 && inView(el);
    });
    const el = busy ?? pulsing;
    if (!el) return null;
    const label = el.getAttribute("aria-label") ?? el.closest("[aria-label]")?.getAttribute("aria-label") ?? "";
    return `${busy ? "busy" : "pulsing"} <${el.tagName.toLowerCase()}${el.getAttribute("role") ? ` role=${el.getAttribute("role")}` : ""}> "${label}"`;
  };
  const hydratedNow = (): boolean => {
    const group = document.querySelector('[role="group"][aria-label="Key figures"]') ?? document.querySelector("main");
    return group !== null && Object.keys(group).some((key) => key.startsWith("__reactFiber$"));
  };

  let wasSettled = false;
  const frame = () => {
    const now = performance.now();
    if (document.body) {
      const figures = figuresShown();
      const chart = anyInView(CHART);
      if (figures && probe.figures === null) probe.figures = now;
      if (chart && probe.chart === null) probe.chart = now;
      // A plan refusal (the customers report reads /events, which Pro may not) is the view's final answer:
      // the report says so in a notice (a status, not an alert: nothing went wrong).
      const answered = chart || anyInView('[role="alert"]') || anyInView(CARD_NOTICE);
      if (probe.hydrated === null && hydratedNow()) probe.hydrated = now;
      const placeholder = placeholderInView();
      const settled = figures && answered && probe.inFlight === 0 && placeholder === null;
      if (settled && !wasSettled) probe.settled = now;
      wasSettled = settled;
      if (!settled)
        probe.waitingOn = !figures
          ? "the key figures"
          : !answered
            ? "a chart or an answer in the viewport"
            : probe.inFlight > 0
              ? `requests in flight: ${probe.inFlightPaths.join(", ")}`
              : placeholder;
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
  hydrated: number | null;
  waitingOn: string | null;
  inFlightPaths: string[];
  /** The page's long tasks (≥ 50 ms): start and duration, ms. */
  longTasks: [number, number][];
}
