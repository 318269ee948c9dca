/**
 * A click's id and IP, made in SQL from its generation index and the seed (bound as `$seed`, text):
 * the same arguments give the same strings, and no per-click string is built in JavaScript.
 * Randomness comes from MD5, a fixed function, so the data does not change with DuckDB's version.
 */
import { DEVICE_ROWS } from "./ref-devices";
import { GEO_ROWS } from "./ref-geo";
import { sqlIntList, sqlList } from "./sql-lists";

const IPV6_SHARE = { Desktop: 0.06, Mobile: 0.2, Tablet: 0.1 } as const;

/**
 * 16 characters of [0-9A-Za-z]: 96 bits of MD5 in base64, whose two other symbols become letters.
 * `gen` is a SQL expression of the click's generation index.
 */
export function clickIdSql(gen: string): string {
  return `substr(translate(to_base64(unhex(md5(concat('click-id/', $seed, '/', ${gen})))), '+/', 'pQ'), 1, 16)`;
}

/** The input of the MD5 whose bits make the IP of the click of generation index `gen`. */
export function clickIpKeySql(gen: string): string {
  return `concat('click-ip/', $seed, '/', ${gen})`;
}

/** One of the geo row's prefixes, by `roll`: flat constant lists index faster than nested ones. */
function pickPrefix(c: string, roll: string, byGeo: readonly (readonly string[])[]): string {
  const starts: number[] = [];
  let start = 0;
  for (const prefixes of byGeo) {
    starts.push(start);
    start += prefixes.length;
  }
  const flat = sqlList(byGeo.flat());
  return `${flat}[${sqlIntList(starts)}[${c}.geo + 1] + ${roll} % ${sqlIntList(byGeo.map((p) => p.length))}[${c}.geo + 1] + 1]`;
}

/**
 * The IP of click `c` (columns geo, device, ip_key): IPv6 for a share of each device class, from
 * one of its country's plausible prefixes, the rest of the address random. The low 64 bits of the
 * MD5: 0-15 decide the version, 16-23 the prefix, 24 on the rest; the high 64 only for IPv6.
 * (UBIGINT halves: arithmetic on the 128-bit md5_number is many times slower.)
 */
export function clickIpSql(c: string): string {
  const low = `md5_number_lower(${c}.ip_key)`;
  const high = `md5_number_upper(${c}.ip_key)`;
  const field = (of: string, shift: number, mod: number) => `CAST((${of} >> ${shift}) % ${mod} AS INTEGER)`;
  const bits = (shift: number, mod: number) => field(low, shift, mod);
  const v4 = pickPrefix(
    c,
    bits(16, 256),
    GEO_ROWS.map((g) => g.country.ipv4.map(String)),
  );
  const v6 = pickPrefix(
    c,
    bits(16, 256),
    GEO_ROWS.map((g) => g.country.ipv6),
  );
  const v6Share = sqlIntList(DEVICE_ROWS.map((d) => Math.round(IPV6_SHARE[d.device] * 65536)));
  const groups = [
    ...[24, 40].map((shift) => bits(shift, 65536)),
    ...[0, 16, 32, 48].map((shift) => field(high, shift, 65536)),
  ];
  return `CASE WHEN ${bits(0, 65536)} < ${v6Share}[${c}.device + 1]
    THEN concat(${v6}, ':', printf('${groups.map(() => "%x").join(":")}', ${groups.join(", ")}))
    ELSE concat(${v4}, '.', ${bits(24, 256)}, '.', ${bits(32, 256)}, '.', ${bits(40, 254)} + 1) END`;
}
