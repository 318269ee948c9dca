import * as z from "./zod";
import type { NameOption } from "./names";

/**
 * Links named by id (GET …/names?param=linkId&value=<id>…): a filter chip's link that its
 * breakdown's top rows do not name, read one by one with the platform's GET /links/{linkId}.
 */
export const LINK_NAME_PARAM = "linkId";
export const MAX_LINK_NAMES = 20;

/** Read leniently: a hosted platform's link has more fields, only these name it. */
const linkRecord = z.looseObject({ id: z.string(), domain: z.string(), key: z.string() });

/** A link reply's name, `domain/key` as the breakdown shows it (a root link is its domain); null when the reply is not a link. */
export function linkName(body: unknown): NameOption | null {
  const read = linkRecord.safeParse(body);
  if (!read.success) return null;
  const { id, domain, key } = read.data;
  return { value: id, label: key === "_root" ? domain : `${domain}/${key}` };
}
