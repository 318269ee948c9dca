import { sameSecret } from "../../http/sameSecret";

/** What the resolver needs of a link (read once per link: nothing here changes after creation). */
export interface ShortLink {
  id: string;
  workspaceId: string;
  url: string;
  trackConversion: boolean;
  archived: boolean;
  expiresAt: Date | null;
  expiredUrl: string | null;
  disabledAt: Date | null;
  password: string | null;
  ios: string | null;
  android: string | null;
  geo: Readonly<Record<string, string>> | null;
  testVariants: readonly { url: string; percentage: number }[] | null;
}

/** What the visit tells about itself. */
export interface Visit {
  os: string;
  country: string;
  /** The `pw` query parameter, for a password-protected link. */
  password: string | null;
}

export type Outcome =
  | { kind: "redirect"; url: string; record: boolean }
  | { kind: "disabled" }
  | { kind: "expired" }
  | { kind: "password_required" };

function samePassword(given: string, expected: string): boolean {
  return sameSecret(given, expected);
}

/** A variant by its share of traffic; `roll` is uniform in [0, 1). */
export function pickVariant(variants: readonly { url: string; percentage: number }[], roll: number): string {
  const total = variants.reduce((sum, v) => sum + v.percentage, 0);
  let point = roll * total;
  for (const variant of variants) {
    point -= variant.percentage;
    if (point < 0) return variant.url;
  }
  return variants[variants.length - 1].url;
}

/**
 * Where a visit goes, in the hosted platform's order: a disabled link goes nowhere; an expired one
 * to its expiredUrl (not counted) or nowhere; a password-protected one only with the password;
 * then iOS and Android targeting, then geo targeting by country, then an A/B test's variant,
 * else the destination. Archived links keep working (archiving only hides a link from lists).
 */
export function destinationOf(link: ShortLink, visit: Visit, now: Date, roll: number): Outcome {
  if (link.disabledAt !== null && link.disabledAt <= now) return { kind: "disabled" };
  if (link.expiresAt !== null && link.expiresAt <= now) {
    return link.expiredUrl ? { kind: "redirect", url: link.expiredUrl, record: false } : { kind: "expired" };
  }
  if (link.password !== null && (visit.password === null || !samePassword(visit.password, link.password)))
    return { kind: "password_required" };
  if (link.ios && visit.os === "iOS") return { kind: "redirect", url: link.ios, record: true };
  if (link.android && visit.os === "Android") return { kind: "redirect", url: link.android, record: true };
  const byCountry = link.geo?.[visit.country];
  if (byCountry) return { kind: "redirect", url: byCountry, record: true };
  if (link.testVariants && link.testVariants.length > 0)
    return { kind: "redirect", url: pickVariant(link.testVariants, roll), record: true };
  return { kind: "redirect", url: link.url, record: true };
}
