import { isIP, type LookupFunction } from "node:net";
import { Agent, buildConnector, type Dispatcher } from "undici";
import type { AddressPolicy } from "./addressPolicy";

/**
 * The connection pool every outgoing request of the dashboard goes through, with `policy` applied
 * where the address is chosen: the name is resolved by the connector's own lookup, which refuses
 * an internal answer, and the socket connects to exactly the address that was checked. A name
 * whose DNS answer changes between the owner saving it and the request (DNS rebinding) meets the
 * same check on every new connection. Hosts the operator names connect wherever they resolve.
 */
export function outboundAgent(policy: AddressPolicy): Dispatcher {
  const lookup: LookupFunction = (hostname, options, callback) => {
    policy.resolve(hostname).then(
      (addresses) => {
        const wanted =
          options.family === 4 || options.family === 6
            ? addresses.filter((a) => isIP(a) === options.family)
            : addresses;
        if (wanted.length === 0) {
          callback(
            Object.assign(new Error(`${hostname} has no IPv${options.family} address.`), { code: "ENOTFOUND" }),
            "",
            0,
          );
          return;
        }
        if (options.all)
          callback(
            null,
            wanted.map((address) => ({ address, family: isIP(address) })),
          );
        else callback(null, wanted[0], isIP(wanted[0]));
      },
      (error: NodeJS.ErrnoException) => callback(error, "", 0),
    );
  };
  const open = buildConnector({});
  const checked = buildConnector({ lookup });
  const connect: buildConnector.connector = (options, callback) => {
    const port = Number(options.port) || (options.protocol === "https:" ? 443 : 80);
    if (policy.allowsHost(options.hostname, port)) return open(options, callback);
    // Node connects to an IP address without a lookup: check it here.
    if (isIP(options.hostname) !== 0) {
      const refused = policy.addressRefusal(options.hostname, options.hostname);
      if (refused) return callback(refused, null);
    }
    return checked(options, callback);
  };
  return new Agent({ connect });
}
