import { expect, test } from "@playwright/test";
import { apiEndpoint, showEvents } from "./fixtures";
import { WIDE, dataRows, fulfillError } from "./eventsTable";

/**
 * The events table's error states, staged with page.route (the proxy's own error paths have
 * integration tests).
 */

test.describe("events error states", () => {
  test("401: the key was rejected", async ({ page }) => {
    await page.route(apiEndpoint("events"), fulfillError(401, "unauthorized", "Invalid API key."));
    await page.goto("/");
    await showEvents(page);
    const alert = page.getByRole("alert").filter({ hasText: "The API key was rejected" });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText("Invalid API key.");
  });

  test("403: the plan is too low, with the platform's message", async ({ page }) => {
    await page.route(
      apiEndpoint("events"),
      fulfillError(403, "forbidden", "Events require a Business plan; this workspace is on Pro."),
    );
    await page.goto("/");
    await showEvents(page);
    const alert = page.getByRole("alert").filter({ hasText: "Events require the Business plan" });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText("this workspace is on Pro.");
  });

  test("429: shows the wait and retries on its own", async ({ page }) => {
    let refused = 0;
    await page.route(apiEndpoint("events"), (route) => {
      if (refused < 2) {
        refused++;
        return fulfillError(429, "rate_limit_exceeded", "Too many requests.", { "Retry-After": "1" })(route);
      }
      return route.continue();
    });
    await page.goto(WIDE);
    await showEvents(page);
    await expect(page.getByRole("alert").filter({ hasText: "Rate limit reached" })).toContainText("wait 1 second");
    await expect(dataRows(page).first()).toBeVisible();
    expect(refused).toBe(2);
  });

  test("502: the platform is unreachable, Retry recovers", async ({ page }) => {
    const unreachable = fulfillError(
      502,
      "internal_server_error",
      "The link platform at 127.0.0.1:9 could not be reached (ECONNREFUSED).",
    );
    await page.route(apiEndpoint("events"), unreachable);
    await page.goto(WIDE);
    await showEvents(page);
    const alert = page.getByRole("alert").filter({ hasText: "The platform could not be reached" });
    await expect(alert).toContainText("ECONNREFUSED");
    await page.unroute(apiEndpoint("events"), unreachable);
    await alert.getByRole("button", { name: "Retry" }).click();
    await expect(dataRows(page).first()).toBeVisible();
  });

  test("422: the message names the parameter", async ({ page }) => {
    await page.route(
      apiEndpoint("events"),
      fulfillError(
        422,
        "unprocessable_entity",
        'Invalid value for "country": "XX" is not a 2-letter ISO 3166-1 code such as US.',
      ),
    );
    await page.goto("/");
    await showEvents(page);
    await expect(page.getByRole("alert").filter({ hasText: "The platform refused this view" })).toContainText(
      'Invalid value for "country"',
    );
  });

  test("an unexpected body is an error state, not a crash", async ({ page }) => {
    await page.route(apiEndpoint("events"), (route) =>
      route.fulfill({ status: 200, contentType: "application/json", body: '{"data":[]}' }),
    );
    await page.goto("/");
    await showEvents(page);
    await expect(page.getByRole("alert").filter({ hasText: "The platform sent an unexpected reply" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Events" })).toBeVisible();
  });
});
