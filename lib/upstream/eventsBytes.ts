import { maskIp } from "../http/maskIp";
import type { Disclosure } from "./privacy";

/**
 * A GET /events body redacted on its bytes, as `redactEventsReply` (./privacy.ts) redacts its
 * parsed elements: each element's `link.password` left out, `customer.email` null when emails are
 * hidden, `click.ip` and the top-level `ip` masked unless IPs are disclosed. Everything else is
 * the platform's bytes as they came. Parsing a page of events (about 230 kB), serialising it again
 * and encoding the result to UTF-8 was most of the proxy's own CPU per page; this is one pass.
 *
 * The whole body is checked against JSON's grammar on the way. Null when this pass cannot say:
 * not JSON (as far as it checks), not an array, or a key or IP that the redaction must read
 * written with escapes. The caller then parses the text, which gives the same result or the 502.
 */
export function redactEventsBytes(
  src: Uint8Array<ArrayBuffer>,
  disclosure: Disclosure,
): Uint8Array<ArrayBuffer> | null {
  try {
    const edits = new Scan(src, disclosure).events();
    return edits.length === 0 ? src : applied(src, edits);
  } catch (error) {
    if (error === UNSURE) return null;
    throw error;
  }
}

/** Thrown inside the scan: the caller falls back to parsing. */
const UNSURE = Symbol("unsure");

interface Edit {
  start: number;
  end: number;
  bytes: Uint8Array;
}

/** What a value is to the redaction: anything, an event, or an event's link, customer or click. */
const Role = { None: 0, Element: 1, Link: 2, Customer: 3, Click: 4 } as const;
type Role = (typeof Role)[keyof typeof Role];

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const MINUS = 0x2d;
const ZERO = 0x30;
const NINE = 0x39;

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const ascii = (text: string): Uint8Array => encoder.encode(text);

const NOTHING = new Uint8Array(0);
const NULL = ascii("null");
const TRUE = ascii("true");
const FALSE = ascii("false");
const KEYS = {
  link: ascii("link"),
  customer: ascii("customer"),
  click: ascii("click"),
  ip: ascii("ip"),
  password: ascii("password"),
  email: ascii("email"),
};

/** The characters that may follow a backslash in a JSON string (`u` is checked apart). */
const SIMPLE_ESCAPES = new Set([QUOTE, BACKSLASH, 0x2f, 0x62, 0x66, 0x6e, 0x72, 0x74]);

const isDigit = (c: number | undefined): boolean => c !== undefined && c >= ZERO && c <= NINE;
const isHex = (c: number | undefined): boolean =>
  c !== undefined && ((c >= ZERO && c <= NINE) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66));

class Scan {
  private i = 0;
  private readonly edits: Edit[] = [];

  constructor(
    private readonly src: Uint8Array,
    private readonly disclosure: Disclosure,
  ) {}

  /** The edits a page of events needs; throws UNSURE. */
  events(): Edit[] {
    this.space();
    if (this.src[this.i] !== OPEN_ARRAY) throw UNSURE;
    this.array(Role.Element);
    this.space();
    if (this.i !== this.src.length) throw UNSURE;
    return this.edits;
  }

  private space(): void {
    const { src } = this;
    let c = src[this.i];
    while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = src[++this.i];
  }

  private value(role: Role): void {
    this.space();
    const c = this.src[this.i];
    if (c === OPEN_OBJECT) this.object(role);
    else if (c === OPEN_ARRAY) this.array(Role.None);
    else if (c === QUOTE) this.string();
    else if (c === 0x74) this.word(TRUE);
    else if (c === 0x66) this.word(FALSE);
    else if (c === 0x6e) this.word(NULL);
    else if (c === MINUS || isDigit(c)) this.number();
    else throw UNSURE;
  }

  /** `[`…`]`, each element with `role`. */
  private array(role: Role): void {
    this.i++;
    this.space();
    if (this.src[this.i] === CLOSE_ARRAY) {
      this.i++;
      return;
    }
    for (;;) {
      this.value(role);
      this.space();
      const c = this.src[this.i++];
      if (c === CLOSE_ARRAY) return;
      if (c !== COMMA) throw UNSURE;
    }
  }

  private object(role: Role): void {
    const { src } = this;
    this.i++;
    this.space();
    if (src[this.i] === CLOSE_OBJECT) {
      this.i++;
      return;
    }
    // Where the last member this pass keeps ends: a member left out takes the comma before it.
    let keptEnd = -1;
    for (;;) {
      this.space();
      const keyStart = this.i;
      const escaped = this.string();
      const keyEnd = this.i;
      this.space();
      if (src[this.i++] !== COLON) throw UNSURE;
      this.space();
      const valueStart = this.i;
      const key = role === Role.None ? null : this.key(keyStart, keyEnd, escaped);
      this.value(role === Role.Element ? childRole(key) : Role.None);
      const valueEnd = this.i;
      this.space();
      const next = src[this.i++];
      if (next !== COMMA && next !== CLOSE_OBJECT) throw UNSURE;
      if (role === Role.Link && key === "password") {
        // Left out: with the comma before it, or (the first kept) with the comma after it.
        if (keptEnd >= 0) {
          this.edits.push({ start: keptEnd, end: valueEnd, bytes: NOTHING });
          // What is left before ends here now, at the kept member's value: a next one left out starts here.
          keptEnd = valueEnd;
        } else this.edits.push({ start: keyStart, end: next === COMMA ? this.i : valueEnd, bytes: NOTHING });
      } else {
        keptEnd = valueEnd;
        if (src[valueStart] === QUOTE) this.redactString(role, key, valueStart, valueEnd);
      }
      if (next === CLOSE_OBJECT) return;
    }
  }

  /** A string member's value, replaced when the redaction says so. */
  private redactString(role: Role, key: string | null, start: number, end: number): void {
    if (key === "email" && role === Role.Customer && this.disclosure.hideEmails) {
      this.edits.push({ start, end, bytes: NULL });
      return;
    }
    if (key === "ip" && (role === Role.Click || role === Role.Element) && !this.disclosure.revealIps) {
      const raw = this.src.subarray(start, end);
      if (raw.includes(BACKSLASH)) throw UNSURE;
      const ip = decoder.decode(raw.subarray(1, raw.length - 1));
      this.edits.push({ start, end, bytes: encoder.encode(JSON.stringify(maskIp(ip))) });
    }
  }

  /** The name of a key the redaction reads at this place, or null; one written with escapes cannot be read by its bytes. */
  private key(start: number, end: number, escaped: boolean): string | null {
    if (escaped) throw UNSURE;
    for (const name of KEY_NAMES) if (this.bytesAre(start + 1, end - 1, KEYS[name])) return name;
    return null;
  }

  private bytesAre(start: number, end: number, word: Uint8Array): boolean {
    if (end - start !== word.length) return false;
    for (let k = 0; k < word.length; k++) if (this.src[start + k] !== word[k]) return false;
    return true;
  }

  /** A string token; true when it holds an escape. */
  private string(): boolean {
    const { src } = this;
    if (src[this.i] !== QUOTE) throw UNSURE;
    let i = this.i + 1;
    let escaped = false;
    for (;;) {
      const c = src[i];
      if (c === QUOTE) break;
      if (c === undefined || c < 0x20) throw UNSURE;
      if (c === BACKSLASH) {
        escaped = true;
        const after = src[i + 1];
        if (after === 0x75) {
          if (!(isHex(src[i + 2]) && isHex(src[i + 3]) && isHex(src[i + 4]) && isHex(src[i + 5]))) throw UNSURE;
          i += 6;
        } else if (after !== undefined && SIMPLE_ESCAPES.has(after)) i += 2;
        else throw UNSURE;
      } else i++;
    }
    this.i = i + 1;
    return escaped;
  }

  private word(word: Uint8Array): void {
    if (!this.bytesAre(this.i, this.i + word.length, word)) throw UNSURE;
    this.i += word.length;
  }

  private number(): void {
    const { src } = this;
    if (src[this.i] === MINUS) this.i++;
    if (src[this.i] === ZERO) this.i++;
    else if (isDigit(src[this.i])) while (isDigit(src[this.i])) this.i++;
    else throw UNSURE;
    if (src[this.i] === 0x2e) {
      this.i++;
      if (!isDigit(src[this.i])) throw UNSURE;
      while (isDigit(src[this.i])) this.i++;
    }
    if (src[this.i] === 0x65 || src[this.i] === 0x45) {
      this.i++;
      if (src[this.i] === 0x2b || src[this.i] === MINUS) this.i++;
      if (!isDigit(src[this.i])) throw UNSURE;
      while (isDigit(src[this.i])) this.i++;
    }
  }
}

const KEY_NAMES = Object.keys(KEYS) as (keyof typeof KEYS)[];

/** The role of an event's member `key`. */
function childRole(key: string | null): Role {
  if (key === "link") return Role.Link;
  if (key === "customer") return Role.Customer;
  if (key === "click") return Role.Click;
  return Role.None;
}

/** `src` with `edits` (in order, not overlapping) made. */
function applied(src: Uint8Array<ArrayBuffer>, edits: readonly Edit[]): Uint8Array<ArrayBuffer> {
  let length = src.length;
  for (const edit of edits) length += edit.bytes.length - (edit.end - edit.start);
  const out = new Uint8Array(length);
  let from = 0;
  let at = 0;
  for (const edit of edits) {
    out.set(src.subarray(from, edit.start), at);
    at += edit.start - from;
    out.set(edit.bytes, at);
    at += edit.bytes.length;
    from = edit.end;
  }
  out.set(src.subarray(from), at);
  return out;
}
