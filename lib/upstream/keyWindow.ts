import { readRateHeaders } from "./rateHeaders";

export type WindowUnit = "second" | "minute" | "hour";

const UNIT_MS: Record<WindowUnit, number> = { second: 1_000, minute: 60_000, hour: 3_600_000 };

/**
 * Added to a window's length in our own count: the dashboard's clock and the platform's each count
 * whole milliseconds, so a span of exactly the window's length on one may be a fraction of a
 * millisecond shorter on the other (on one host they are the same clock, and this changes nothing).
 */
export const CLOCK_GRAIN_MS = 1;

/** `X-RateLimit-Reset` is in whole seconds, rounded up: a minute's reset may lie up to a second past the minute. */
const RESET_ROUNDING_MS = 1_000;

/** Until the platform's headers say otherwise: the spec's smallest analytics limit (Pro, 2 a second). */
const GUESSED_LIMIT = 2;

/**
 * A per-second window always resets within 2 s of a reply (its end, rounded up to a whole second);
 * a reset further away than this belongs to a longer window. The half second absorbs latency.
 */
const SECOND_WINDOW_MAX_RESET_MS = 2_500;

function unitOfReset(resetInMs: number): WindowUnit {
  if (resetInMs <= SECOND_WINDOW_MAX_RESET_MS) return "second";
  return resetInMs <= UNIT_MS.minute + RESET_ROUNDING_MS ? "minute" : "hour";
}

interface Spent {
  at: number;
  settled: boolean;
}

const LONGER: Record<WindowUnit, number> = { second: 0, minute: 1, hour: 2 };

/**
 * One key's rate window as the platform's headers describe it: `X-RateLimit-Limit` requests per
 * window, the window's length inferred from how far away `X-RateLimit-Reset` lies (per second
 * for the spec's analytics limits; per minute for free and unknown keys, which fall back to the
 * standard limits; per hour as the spec's header table describes). A window is only ever learned
 * longer: near its end a minute's reset looks like a second's.
 */
export class KeyWindow {
  private limitValue = GUESSED_LIMIT;
  private learned = false;
  private unitValue: WindowUnit = "second";
  /** Our requests of the current span: in flight, or settled when their reply came (../sendGate.ts). */
  private sent: Spent[] = [];
  private serverRemaining: number | undefined;
  private serverResetAt = 0;
  /** The server's current window, by its `X-RateLimit-Reset`, and the first reply we saw from it. */
  private serverWindow: { reset: string; firstReplyAt: number } | undefined;

  get limit(): number {
    return this.limitValue;
  }

  get unit(): WindowUnit {
    return this.unitValue;
  }

  /** Whether the platform has told us the key's limit (until then the guess paces requests, but no wait is predicted from it). */
  get known(): boolean {
    return this.learned;
  }

  /**
   * Our own count's span: a request's place is free this long after its reply, the window's length
   * (and a clock's grain). That is exact for the platform's limiter (lib/platform/http/rateLimit.ts,
   * the spec's fixed windows): a window opens at the first request it counts and ends exactly its
   * length later, and a request is counted before its reply leaves, so one sent a window's length
   * after another's reply cannot share its window, while one sent sooner can (the other may have
   * been counted the instant before its reply, and opened its window then). Its send time would not
   * do: the platform counts a request when its limiter runs, which may be well after the send (the
   * connection, its event loop busy with another reply), so two requests sent a window's length
   * apart may be counted within one window.
   */
  get spanMs(): number {
    return UNIT_MS[this.unitValue] + CLOCK_GRAIN_MS;
  }

  /** "4 requests per second", for messages. */
  describe(): string {
    return `${this.limitValue} request${this.limitValue === 1 ? "" : "s"} per ${this.unitValue}`;
  }

  /**
   * The earliest instant the next request may leave by the key's window (pauses aside). Our own
   * count keeps any window of the server's to `limit` of our requests; the server's "none left"
   * holds us back too when our count does not explain it: someone else uses the key.
   */
  nextSlot(now: number): number {
    this.sent = this.sent.filter((s) => !s.settled || s.at > now - this.spanMs);
    // A request still in flight may reach the platform at any moment: it counts as leaving now.
    const times = this.sent.map((s) => (s.settled ? s.at : now)).sort((a, b) => a - b);
    let at = now;
    if (times.length >= this.limitValue) at = Math.max(at, times[times.length - this.limitValue] + this.spanMs);
    else if (this.serverRemaining !== undefined && this.serverRemaining <= 0 && now < this.serverResetAt)
      at = Math.max(at, this.serverResetAt);
    return at;
  }

  /**
   * The earliest a request with `ahead` requests before it could leave, the first of them at
   * `first`: no span holds more than `limit` of our requests, so this is a lower bound.
   */
  earliest(first: number, ahead: number): number {
    return first + Math.floor(ahead / this.limitValue) * this.spanMs;
  }

  /**
   * Counts a request leaving at `now`; the answer is called with the instant its reply arrived (or
   * it failed). Until then it counts as leaving at every instant; from then, as having left at that
   * instant, the latest it can have reached the platform: a request held in this process's event
   * loop, or on the platform before its limiter counted it, cannot share a window with the next.
   */
  spend(now: number): (at: number) => void {
    const spent: Spent = { at: now, settled: false };
    this.sent.push(spent);
    if (this.serverRemaining !== undefined) this.serverRemaining -= 1;
    return (at) => {
      spent.at = Math.max(spent.at, at);
      spent.settled = true;
    };
  }

  /** Learns from a reply's headers; `inFlight` requests left after it and are not in its count. */
  observe(headers: Headers, now: number, inFlight: number): void {
    const rate = readRateHeaders(headers, now);
    if (rate.limit !== undefined) {
      this.limitValue = rate.limit;
      this.learned = true;
    }
    if (rate.remaining === undefined || rate.resetAt === undefined) return;
    const unit = unitOfReset(rate.resetAt - now);
    if (LONGER[unit] > LONGER[this.unitValue]) this.unitValue = unit;
    this.serverRemaining = rate.remaining - inFlight;
    // The reset is rounded up to whole seconds. The window began before the first reply we saw
    // from it (the same reset names the same window), so it ends within a span of that reply.
    const reset = headers.get("x-ratelimit-reset") ?? "";
    if (this.serverWindow?.reset !== reset) this.serverWindow = { reset, firstReplyAt: now };
    this.serverResetAt = Math.min(rate.resetAt, this.serverWindow.firstReplyAt + this.spanMs);
  }
}
