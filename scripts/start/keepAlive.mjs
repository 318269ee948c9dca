/**
 * How long `next start` keeps an idle connection open (Node's default is 5 s). A load balancer
 * reuses its idle connections to a replica, and one the replica closes just as a request is sent
 * on it fails: HAProxy then closes the viewer's connection for the browser to retry (its
 * `http-reuse safe`), an ALB answers 502. The replica must close last: longer than the usual 60 s
 * idle timeout of balancers (AWS ALB, nginx), and HAProxy's idle pool, purged every 5 s.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** The `next start` flags that set it. */
export const KEEP_ALIVE_ARGS = ["--keepAliveTimeout", String(KEEP_ALIVE_TIMEOUT_MS)];
