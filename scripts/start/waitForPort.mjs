import { connect } from "node:net";

/**
 * Resolves once something accepts connections on `address:port`; rejects after `timeoutMs`.
 * Gives up quietly (never settles) once `stopped()` says npm start is stopping.
 */
export function waitForPort(port, timeoutMs, address, stopped) {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolveReady, reject) => {
    const attempt = () => {
      const socket = connect(Number(port), address);
      socket.once("connect", () => {
        socket.destroy();
        resolveReady();
      });
      socket.once("error", () => {
        socket.destroy();
        if (stopped()) return;
        if (Date.now() > deadline)
          reject(new Error(`nothing listens on ${address}:${port} after ${timeoutMs / 1000} s`));
        else setTimeout(attempt, 200);
      });
    };
    attempt();
  });
}
