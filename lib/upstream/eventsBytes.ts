import { Buffer } from "node:buffer";
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

/** What a member's key is to the redaction, in the object it stands in (Scan.keyOf). */
const Key = { Other: 0, Link: 1, Customer: 2, Click: 3, Ip: 4, Password: 5, Email: 6 } as const;
type Key = (typeof Key)[keyof typeof Key];

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const DOT = 0x2e;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const MINUS = 0x2d;
const ZERO = 0x30;
const NINE = 0x39;
/** Below this, a byte may not stand in a JSON string as it is (and outside one only as whitespace). */
const FIRST_TEXT_BYTE = 0x20;
/** How many bytes of a string are looked at one by one before its closing quote is searched for (Scan.closingQuote). */
const SHORT_STRING = 16;

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const ascii = (text: string): Uint8Array => encoder.encode(text);

const NOTHING = new Uint8Array(0);
const NULL = ascii("null");
const TRUE = ascii("true");
const FALSE = ascii("false");
/** What an IPv4 address's last octet becomes (../http/maskIp.ts), as UTF-8. */
const MASKED_OCTET = encoder.encode(maskIp("0.0.0.0").slice("0.0.0.".length));
/** What follows an IPv6 address's first three groups once masked (../http/maskIp.ts), as UTF-8. */
const MASKED_IPV6_TAIL = encoder.encode(maskIp("0:0:0:0:0:0:0:0").slice("0:0:0".length));
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

/**
 * Whether any byte of `src` is below 0x20 (whitespace included). Four bytes at a time: a word
 * holds a byte below n (n ≤ 128) exactly when (word − n·0x01010101) & ~word & 0x80808080 is not
 * zero (the borrow of a byte below n sets its top bit; ~word drops the bytes whose top bit was set).
 */
export function hasControlByte(src: Uint8Array): boolean {
  let k = 0;
  const aligned = Math.min(src.length, (4 - (src.byteOffset % 4)) % 4);
  for (; k < aligned; k++) if (src[k] < FIRST_TEXT_BYTE) return true;
  const words = new Int32Array(src.buffer, src.byteOffset + k, (src.length - k) >> 2);
  for (let w = 0; w < words.length; w++) {
    const word = words[w];
    if (((word - 0x20202020) & ~word & 0x80808080) !== 0) return true;
  }
  for (k += words.length << 2; k < src.length; k++) if (src[k] < FIRST_TEXT_BYTE) return true;
  return false;
}

class Scan {
  private i = 0;
  private readonly edits: Edit[] = [];
  /** The same bytes as a Buffer, whose indexOf is memchr. */
  private readonly view: Buffer;
  /**
   * No byte below 0x20 anywhere (the platform writes JSON without whitespace): a string without
   * a backslash is then valid whatever it holds, and is read by jumping to its closing quote.
   */
  private readonly plain: boolean;
  /** The first backslash at or after the string being read (src.length when none): strings before it hold no escape. */
  private nextBackslash: number;

  constructor(
    private readonly src: Uint8Array<ArrayBuffer>,
    private readonly disclosure: Disclosure,
  ) {
    this.view = Buffer.from(src.buffer, src.byteOffset, src.byteLength);
    this.plain = !hasControlByte(src);
    this.nextBackslash = this.find(BACKSLASH, 0);
  }

  /**
   * The first quote at or after `from` (src.length when none). Most strings of a page are keys and
   * short values: a few bytes read here cost less than a call into Buffer#indexOf, which takes the rest.
   */
  private closingQuote(from: number): number {
    const { src } = this;
    const stop = Math.min(from + SHORT_STRING, src.length);
    for (let at = from; at < stop; at++) if (src[at] === QUOTE) return at;
    return stop === src.length ? stop : this.find(QUOTE, stop);
  }

  private find(byte: number, from: number): number {
    const at = this.view.indexOf(byte, from);
    return at === -1 ? this.src.length : at;
  }

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
      let key: Key = Key.Other;
      if (role !== Role.None) {
        // A key the redaction reads at this place, written with escapes, cannot be read by its bytes.
        if (escaped) throw UNSURE;
        key = this.keyOf(role, keyStart + 1, keyEnd - 1);
      }
      this.value(role === Role.Element ? childRole(key) : Role.None);
      const valueEnd = this.i;
      this.space();
      const next = src[this.i++];
      if (next !== COMMA && next !== CLOSE_OBJECT) throw UNSURE;
      if (key === Key.Password) {
        // Left out: with the comma before it, or (the first kept) with the comma after it.
        if (keptEnd >= 0) {
          this.edits.push({ start: keptEnd, end: valueEnd, bytes: NOTHING });
          // What is left before ends here now, at the kept member's value: a next one left out starts here.
          keptEnd = valueEnd;
        } else this.edits.push({ start: keyStart, end: next === COMMA ? this.i : valueEnd, bytes: NOTHING });
      } else {
        keptEnd = valueEnd;
        if ((key === Key.Email || key === Key.Ip) && src[valueStart] === QUOTE)
          this.redactString(key, valueStart, valueEnd);
      }
      if (next === CLOSE_OBJECT) return;
    }
  }

  /**
   * What the key between `start` and `end` (its quotes left out) is to the redaction in an object
   * of `role`: an event's link, customer, click and ip; a link's password; a customer's email; a click's ip.
   */
  private keyOf(role: Role, start: number, end: number): Key {
    const length = end - start;
    switch (role) {
      case Role.Element:
        if (length === 2) return this.bytesAre(start, end, KEYS.ip) ? Key.Ip : Key.Other;
        if (length === 4) return this.bytesAre(start, end, KEYS.link) ? Key.Link : Key.Other;
        if (length === 5) return this.bytesAre(start, end, KEYS.click) ? Key.Click : Key.Other;
        if (length === 8) return this.bytesAre(start, end, KEYS.customer) ? Key.Customer : Key.Other;
        return Key.Other;
      case Role.Link:
        return length === 8 && this.bytesAre(start, end, KEYS.password) ? Key.Password : Key.Other;
      case Role.Customer:
        return length === 5 && this.bytesAre(start, end, KEYS.email) ? Key.Email : Key.Other;
      case Role.Click:
        return length === 2 && this.bytesAre(start, end, KEYS.ip) ? Key.Ip : Key.Other;
      default:
        return Key.Other;
    }
  }

  /** A string member's value (an email or an IP where the redaction reads one), replaced when the disclosure says so. */
  private redactString(key: Key, start: number, end: number): void {
    if (key === Key.Email) {
      if (this.disclosure.hideEmails) this.edits.push({ start, end, bytes: NULL });
      return;
    }
    if (this.disclosure.revealIps) return;
    const lastDot = this.ipv4LastDot(start + 1, end - 1);
    if (lastDot >= 0) {
      // What maskIp gives an IPv4 address: its last octet masked; the rest stays the platform's bytes.
      this.edits.push({ start: lastDot + 1, end: end - 1, bytes: MASKED_OCTET });
      return;
    }
    const thirdColon = this.ipv6ThirdColon(start + 1, end - 1);
    if (thirdColon >= 0) {
      // What maskIp gives an IPv6 address written in full: its first three groups, then five masked.
      this.edits.push({ start: thirdColon, end: end - 1, bytes: MASKED_IPV6_TAIL });
      return;
    }
    const raw = this.src.subarray(start, end);
    if (raw.includes(BACKSLASH)) throw UNSURE;
    const ip = decoder.decode(raw.subarray(1, raw.length - 1));
    this.edits.push({ start, end, bytes: encoder.encode(JSON.stringify(maskIp(ip))) });
  }

  /** Where the last dot of an IPv4 address (four groups of 1 to 3 digits) between `start` and `end` stands; -1 when it is not one. */
  private ipv4LastDot(start: number, end: number): number {
    const { src } = this;
    let at = start;
    let lastDot = -1;
    for (let group = 0; group < 4; group++) {
      const from = at;
      while (at < end && at - from < 3 && isDigit(src[at])) at++;
      if (at === from) return -1;
      if (group < 3) {
        if (src[at] !== DOT) return -1;
        lastDot = at;
        at++;
      }
    }
    return at === end ? lastDot : -1;
  }

  /**
   * Where the third colon of an IPv6 address written in full (hex digits and exactly seven single
   * colons, no `::`, no embedded IPv4) between `start` and `end` stands; -1 for anything else.
   */
  private ipv6ThirdColon(start: number, end: number): number {
    const { src } = this;
    let colons = 0;
    let third = -1;
    for (let at = start; at < end; at++) {
      const c = src[at];
      if (c === COLON) {
        if (src[at - 1] === COLON) return -1;
        colons++;
        if (colons === 3) third = at;
      } else if (!isHex(c)) return -1;
    }
    return colons === 7 ? third : -1;
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
    if (this.plain) {
      const close = this.closingQuote(this.i + 1);
      if (close === src.length) throw UNSURE;
      if (close < this.nextBackslash) {
        this.i = close + 1;
        return false;
      }
    }
    let i = this.i + 1;
    let escaped = false;
    for (;;) {
      const c = src[i];
      if (c === QUOTE) break;
      if (c === undefined || c < FIRST_TEXT_BYTE) throw UNSURE;
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
    // Only this loop reads past a backslash (anywhere else one is not JSON).
    if (this.nextBackslash < this.i) this.nextBackslash = this.find(BACKSLASH, this.i);
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
    if (src[this.i] === DOT) {
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

/** The role of an event's member `key`. */
function childRole(key: Key): Role {
  if (key === Key.Link) return Role.Link;
  if (key === Key.Customer) return Role.Customer;
  if (key === Key.Click) return Role.Click;
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
