// npm start's own settings, checked before anything starts: a wrong one exits with code 2 and says
// what to set.

const LOOPBACK = /^(?:127(?:\.\d{1,3}){3}|localhost|::1|\[::1\])$/i;

/**
 * Serving beyond this machine needs sign-in: a dashboard on a network address would show every
 * customer's data to anyone who reaches it.
 * @param {string} dashboardHost
 * @param {NodeJS.ProcessEnv} env
 */
export function checkHost(dashboardHost, env) {
  if (LOOPBACK.test(dashboardHost)) return;
  const missing = [];
  if ((env.LINKLENS_SECRET?.trim() ?? "").length < 32)
    missing.push("LINKLENS_SECRET (at least 32 random characters, e.g. `openssl rand -base64 32`)");
  if (!env.PUBLIC_URL?.trim()) missing.push("PUBLIC_URL (the address people open, e.g. https://linklens.example.com)");
  if (missing.length === 0) return;
  console.error(
    `linklens: HOST=${dashboardHost} serves the dashboard beyond this machine, which needs sign-in. Set ${missing.join(" and ")}, or leave HOST unset to serve 127.0.0.1 only.`,
  );
  process.exit(2);
}

/**
 * @param {string} name the variable's name, as the person set it
 * @param {string} value
 */
export function checkPort(name, value) {
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 65535) {
    console.error(`linklens: ${name} must be a port number from 1 to 65535, got "${value}".`);
    process.exit(2);
  }
}

/** The address other processes on this machine reach a server bound to `bound` at. */
export function reachableHost(bound, loopback) {
  return bound === "0.0.0.0" || bound === "::" ? loopback : bound;
}

/** `http://host:port`, with an IPv6 address in brackets. */
export function httpOrigin(hostName, port) {
  return `http://${hostName.includes(":") ? `[${hostName}]` : hostName}:${port}`;
}
