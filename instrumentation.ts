/**
 * At server start: stamp each request with its socket's address (what the throttles key on), open
 * the dashboard's database (migrating it) and, on a first start with sign-in, print the setup link.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { installPeerStamp } = await import("./lib/http/peerStamp");
  installPeerStamp();
  if (process.env.NODE_ENV === "production") {
    // The reads a view sends most, answered before Next's router for a browser on this machine (docs/performance.md).
    const { installDirectReads } = await import("./lib/server/directReads");
    installDirectReads();
  }
  const { announceSetup } = await import("./lib/server/dashboardRoot");
  const { startReports } = await import("./lib/server/reportsRoot");
  const { STARTUP_DONE_LINE } = await import("./lib/server/startupLine.mjs");
  try {
    await announceSetup();
    await startReports();
  } catch (error) {
    console.error(
      `linklens: the dashboard's database could not be opened: ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    console.log(STARTUP_DONE_LINE);
  }
}
