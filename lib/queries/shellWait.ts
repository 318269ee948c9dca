/**
 * How long a page holds its shell (everything outside the first screen's Suspense boundary) for a
 * first screen that needs the platform. React reveals a boundary streamed after the shell no sooner
 * than 300 ms after the shell was painted (it throttles reveals, and later still while the page's
 * scripts run: seconds on a loaded machine), so a first screen is best rendered in the shell itself,
 * with no boundary of its own. One whose replies are all in the dashboard's cache is always waited
 * for, whatever the load; once one reply is known to need the platform, the shell waits until this
 * long after the render began, then goes first and the first screen streams after it.
 */
export const FIRST_SCREEN_SHELL_WAIT_MS = 150;

/**
 * Whether the first screen goes in the page's shell: true once `state` settles (answered or
 * failed) before `uncached` (one of its replies needs the platform) has settled and then
 * `waitMs` have passed since the call; false after that.
 */
export function shellWait(
  state: Promise<unknown>,
  uncached: Promise<void>,
  waitMs = FIRST_SCREEN_SHELL_WAIT_MS,
): Promise<boolean> {
  const deadline = Date.now() + waitMs;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = uncached.then(
    () => new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), deadline - Date.now()))),
  );
  const settled = state.then(
    () => true,
    () => true,
  );
  return Promise.race([settled, waited]).finally(() => clearTimeout(timer));
}
