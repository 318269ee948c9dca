import { ApiError } from "./errors";

export const MAX_QUERY_LENGTH = 10000;

export interface MetadataClause {
  key: string;
  value: string;
}

/**
 * One clause: metadata['<key>']:'<value>', or with the value unquoted up to the next space
 * (metadata['productId']:premiumProductId), as the hosted platform also takes it; clauses may be
 * joined with AND. Quotes inside quoted text are escaped as \'.
 */
const CLAUSE = /^metadata\[\s*'((?:[^'\\]|\\.)+)'\s*\]\s*:\s*(?:'((?:[^'\\]|\\.)*)'|([^\s'"]+))/;
const AND = /^\s+AND\s+/i;

const unescape = (s: string) => s.replace(/\\(.)/g, "$1");

export function parseMetadataQuery(raw: string): MetadataClause[] {
  if (raw.length > MAX_QUERY_LENGTH) {
    throw new ApiError(
      "unprocessable_entity",
      `Invalid value for "query": at most ${MAX_QUERY_LENGTH} characters are allowed (got ${raw.length}).`,
    );
  }
  const clauses: MetadataClause[] = [];
  let rest = raw.trim();
  while (rest.length > 0) {
    const match = CLAUSE.exec(rest);
    if (!match) {
      throw new ApiError(
        "bad_request",
        `Invalid value for "query": expected metadata['<key>']:'<value>' or metadata['<key>']:<value> (clauses may be joined with AND), got "${truncate(rest)}".`,
      );
    }
    clauses.push({ key: unescape(match[1]), value: match[2] === undefined ? match[3] : unescape(match[2]) });
    rest = rest.slice(match[0].length);
    if (rest.length === 0) break;
    const and = AND.exec(rest);
    if (!and)
      throw new ApiError(
        "bad_request",
        `Invalid value for "query": expected AND between clauses, got "${truncate(rest)}".`,
      );
    rest = rest.slice(and[0].length);
  }
  if (clauses.length === 0) throw new ApiError("bad_request", `Invalid value for "query": it is empty.`);
  return clauses;
}

export function formatMetadataQuery(clauses: readonly MetadataClause[]): string {
  const esc = (s: string) => s.replace(/[\\']/g, (c) => `\\${c}`);
  return clauses.map((c) => `metadata['${esc(c.key)}']:'${esc(c.value)}'`).join(" AND ");
}

function truncate(s: string): string {
  return s.length > 60 ? `${s.slice(0, 60)}…` : s;
}
