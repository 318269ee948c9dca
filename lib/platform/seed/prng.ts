/**
 * Deterministic PRNG (sfc32) with independent named streams, so that changing one part of the
 * seed (say the click count) leaves every other part (entities, ids) unchanged.
 */

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const BASE62_CODES = Array.from(BASE62, (c) => c.charCodeAt(0));
const TWO_32 = 4294967296;

/** FNV-1a over UTF-16 code units, then a final avalanche. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return avalanche(h);
}

function avalanche(x: number): number {
  let h = x >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  /** seed: a non-negative safe integer; label names the stream. */
  constructor(seed: number, label: string) {
    const lo = seed >>> 0;
    const hi = Math.floor(seed / TWO_32) >>> 0;
    const h = hashString(label);
    this.a = avalanche(lo ^ 0x9e3779b9);
    this.b = avalanche(hi ^ 0x7f4a7c15 ^ h);
    this.c = avalanche(h + 0x6a09e667);
    this.d = 1;
    for (let i = 0; i < 15; i++) this.u32();
  }

  /** A stream derived from this generator's seed and a further label (independent of draws made). */
  static stream(seed: number, ...labels: (string | number)[]): Rng {
    return new Rng(seed, labels.join("/"));
  }

  u32(): number {
    const t0 = (this.a + this.b) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.d = (this.d + 1) | 0;
    const t = (t0 + this.d) | 0;
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  float(): number {
    return this.u32() / TWO_32;
  }

  /** Uniform integer in [min, max] (inclusive). */
  int(min: number, max: number): number {
    return min + Math.floor(this.float() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.float() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("pick from an empty list");
    return items[Math.floor(this.float() * items.length)] as T;
  }

  /** k distinct items, in random order. */
  sample<T>(items: readonly T[], k: number): T[] {
    const copy = items.slice();
    const n = Math.min(k, copy.length);
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(this.float() * (copy.length - i));
      const tmp = copy[i] as T;
      copy[i] = copy[j] as T;
      copy[j] = tmp;
    }
    return copy.slice(0, n);
  }

  shuffle<T>(items: readonly T[]): T[] {
    return this.sample(items, items.length);
  }

  /** Exponential with the given mean. */
  exp(mean: number): number {
    return -Math.log(1 - this.float()) * mean;
  }

  /** Standard normal (Box-Muller, one value per call). */
  normal(): number {
    const u = 1 - this.float();
    const v = this.float();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** n characters of [0-9A-Za-z]. */
  base62(n: number): string {
    // One flat string, not n concatenations: a million click ids otherwise keep the GC busy.
    const codes = new Array<number>(n);
    for (let i = 0; i < n; i++) codes[i] = BASE62_CODES[Math.floor(this.float() * 62)]!;
    return String.fromCharCode(...codes);
  }

  /** Lowercase hex, n characters. */
  hex(n: number): string {
    let s = "";
    for (let i = 0; i < n; i++) s += Math.floor(this.float() * 16).toString(16);
    return s;
  }

  /** prefix + 24 chars of [0-9A-Za-z]: the id format of every entity. */
  id(prefix: string): string {
    return prefix + this.base62(24);
  }
}

/** Weighted choice by binary search over cumulative weights. */
export class Picker<T> {
  readonly items: readonly T[];
  private readonly cumulative: Float64Array;
  private readonly total: number;

  constructor(items: readonly T[], weights: readonly number[]) {
    if (items.length === 0 || items.length !== weights.length) {
      throw new Error("Picker needs as many weights as items, at least one");
    }
    this.items = items;
    this.cumulative = new Float64Array(items.length);
    let sum = 0;
    for (let i = 0; i < weights.length; i++) {
      const w = weights[i] as number;
      if (!(w >= 0)) throw new Error(`bad weight ${w}`);
      sum += w;
      this.cumulative[i] = sum;
    }
    if (sum <= 0) throw new Error("Picker weights sum to zero");
    this.total = sum;
  }

  static of<T>(pairs: readonly (readonly [T, number])[]): Picker<T> {
    return new Picker(
      pairs.map((p) => p[0]),
      pairs.map((p) => p[1]),
    );
  }

  index(rng: Rng): number {
    const target = rng.float() * this.total;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.cumulative[mid] as number) > target) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  pick(rng: Rng): T {
    return this.items[this.index(rng)] as T;
  }
}
