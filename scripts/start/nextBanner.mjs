// Next's start banner ("▲ Next.js 16…", "- Local: …", "✓ Ready in …"): npm start says the address once, itself.
const BANNER =
  /^\s*(?:▲ Next\.js\b|- (?:Local|Network|Environments|Experiments):|[✓○] (?:Starting|Ready|Running next\.config)\b|· |$)/;

/** Whether a line of `next start`'s output is part of its banner (or blank). */
export function isNextBanner(line) {
  return BANNER.test(line);
}
