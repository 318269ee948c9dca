import { expect, test, type Page } from "@playwright/test";

/**
 * The page writes the reader's zone into an address that names none. A history write made while a
 * navigation is pending cancels that navigation, so a link tapped as the page appears must still
 * be followed, and Back and Forward must still work around the written entry.
 */

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, timezoneId: "Asia/Tokyo" });

/** A view whose address names no zone. */
const ZONELESS = "/?interval=30d";

/**
 * Taps the header's Settings link the moment the page is ready (its filter bar hydrated: the zone
 * picker is enabled once the browser's zone is known), before the page has written its zone: when
 * a tap is most likely to be lost. (A tap before that finds the page still hydrating, and the
 * navigation takes over before any write.)
 */
async function tapSettingsAsSoonAsThePageIsReady(page: Page): Promise<void> {
  await page.addInitScript(() => {
    let tapped = false;
    const tap = () => {
      if (tapped) return;
      const link = [...document.querySelectorAll("header a")].find((a) => a.textContent?.trim() === "Settings");
      const zone = [...document.querySelectorAll("label")].find((label) => label.textContent === "Time zone")?.control;
      if (link instanceof HTMLAnchorElement && zone instanceof HTMLSelectElement && !zone.disabled) {
        tapped = true;
        link.click();
        return;
      }
      requestAnimationFrame(tap);
    };
    requestAnimationFrame(tap);
  });
}

/** A slow network for the settings page: its navigation is still pending when the page writes its zone. */
async function slowSettings(page: Page): Promise<void> {
  await page.route(/\/settings\?_rsc=/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue().catch(() => {});
  });
}

for (const visit of ["a first visit", "a visit with the zone remembered"] as const) {
  test(`${visit}: a header link tapped as the page appears is followed; Back and Forward still work`, async ({
    page,
    context,
    baseURL,
  }) => {
    if (visit === "a visit with the zone remembered")
      await context.addCookies([{ name: "linklens_tz", value: "Asia%2FTokyo", url: baseURL ?? "" }]);
    await slowSettings(page);
    await tapSettingsAsSoonAsThePageIsReady(page);

    await page.goto(ZONELESS);
    await expect(page).toHaveURL(/\/w\/[^/?]+\/settings/);
    await expect(page.getByRole("heading", { level: 1, name: /settings$/ })).toBeVisible();

    // Back: the dashboard, which now names its zone in the address.
    await page.goBack();
    await expect(page).toHaveURL(/[?&]interval=30d(&|$)/);
    await expect(page).toHaveURL(/[?&]timezone=Asia\/Tokyo(&|$)/);
    await expect(page.getByRole("group", { name: "Key figures", exact: true })).toHaveAttribute("aria-busy", "false");
    await expect(page.getByRole("combobox", { name: "Time zone" })).toHaveValue("Asia/Tokyo");

    // Forward and Back again, across the entry the zone was written into.
    await page.goForward();
    await expect(page).toHaveURL(/\/settings/);
    await expect(page.getByRole("heading", { level: 1, name: /settings$/ })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/[?&]timezone=Asia\/Tokyo(&|$)/);
    await expect(page.getByRole("heading", { level: 1, name: "Link analytics" })).toBeVisible();
  });
}

test("the zone is written into the address when nothing else is under way, and Back leaves the page", async ({
  page,
}) => {
  await page.goto("/?interval=30d&timezone=UTC");
  await page.goto(ZONELESS);
  await expect(page).toHaveURL(/[?&]timezone=Asia\/Tokyo(&|$)/);
  await expect(page.getByRole("combobox", { name: "Time zone" })).toHaveValue("Asia/Tokyo");
  // The write replaced the entry: Back is the page before.
  await page.goBack();
  await expect(page).toHaveURL(/[?&]timezone=UTC(&|$)/);
  await expect(page.getByRole("combobox", { name: "Time zone" })).toHaveValue("UTC");
  await page.goForward();
  await expect(page).toHaveURL(/[?&]timezone=Asia\/Tokyo(&|$)/);
});
