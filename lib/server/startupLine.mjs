/**
 * The line the dashboard's instrumentation prints once its start-up work (database, setup link) is
 * done: scripts/start.mjs waits for it, so its summary (and "Press Ctrl-C") comes after the setup
 * link, and leaves it out of the console.
 */
export const STARTUP_DONE_LINE = "linklens: start-up done.";
