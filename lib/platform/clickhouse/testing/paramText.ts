/**
 * TEST-ONLY (chdbFront.ts). `@clickhouse/client` sends a parameter as ClickHouse's escaped text
 * (`a\tb`, `['x','y\'z']`); the in-process engine binds JavaScript values and escapes them itself.
 * This turns the text back into the value: strings and numbers as the unescaped string, arrays
 * of strings as an array.
 */

const ESCAPES: Record<string, string> = {
  t: "\t",
  n: "\n",
  r: "\r",
  b: "\b",
  f: "\f",
  0: "\0",
  "\\": "\\",
  "'": "'",
  '"': '"',
};

export function unescapeText(text: string): string {
  return text.replace(/\\(.)/gs, (_m, c: string) => ESCAPES[c] ?? c);
}

/** `['a','b\'c']` → ["a", "b'c"]. */
function parseStringArray(text: string): string[] {
  const out: string[] = [];
  let i = text.indexOf("[") + 1;
  while (i < text.length) {
    const c = text[i];
    if (c === "]") return out;
    if (c === "," || c === " ") {
      i++;
      continue;
    }
    if (c !== "'") throw new Error(`not an array of strings: ${text}`);
    let value = "";
    i++;
    while (i < text.length && text[i] !== "'") {
      if (text[i] === "\\") {
        value += ESCAPES[text[i + 1]] ?? text[i + 1];
        i += 2;
      } else value += text[i++];
    }
    out.push(value);
    i++;
  }
  throw new Error(`unterminated array: ${text}`);
}

export function parseParamText(text: string, type: string): string | string[] {
  if (/^Array\((LowCardinality\()?String\)?\)$/.test(type)) return parseStringArray(text);
  return unescapeText(text);
}
