const MASK = "•••";

function maskIpv4(ip: string): string {
  const parts = ip.split(".");
  return [...parts.slice(0, 3), MASK].join(".");
}

/** Expands `::` so the groups can be counted; null when the text is not IPv6. */
function ipv6Groups(ip: string): string[] | null {
  const halves = ip.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  return [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
}

/**
 * Hides the host part of an address: the last IPv4 octet, or everything after
 * the /48 routing prefix of an IPv6 address (`2001:db8:85a3:•••:…`).
 * The proxy masks before a reply leaves the server and the browser masks what it shows, so a
 * masked address is left as it is: masking twice gives what masking once gave.
 * Pure, for both the proxy (server) and the browser.
 */
export function maskIp(ip: string): string {
  const value = ip.trim();
  if (value.includes(MASK)) return value;
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(value)) return maskIpv4(value);
  const mapped = /^(.*:)(\d{1,3}(?:\.\d{1,3}){3})$/.exec(value);
  if (mapped) return `${mapped[1]}${maskIpv4(mapped[2])}`;
  const groups = value.includes(":") ? ipv6Groups(value) : null;
  if (groups) return [...groups.slice(0, 3), ...Array<string>(5).fill(MASK)].join(":");
  return value.length > 0 ? MASK : value;
}
