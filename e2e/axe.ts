import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * axe on the page (or only on `within`, a CSS selector) against WCAG 2.1 A/AA and best practice:
 * no serious or critical violation. `context` names the page in the failure.
 */
export async function expectNoSeriousViolations(page: Page, context: string, within?: string): Promise<void> {
  const builder = new AxeBuilder({ page });
  if (within) builder.include(within);
  const results = await builder
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    // Label in name (WCAG 2.5.3) is "experimental" in axe: asked for explicitly.
    .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
    .analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = serious.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes.length} × ${v.nodes
        .slice(0, 3)
        .map((n) => `${n.target.join(" ")} ${n.failureSummary ?? ""}`)
        .join(" | ")}`,
  );
  expect(report, `${context}: ${report.join("\n")}`).toEqual([]);
}
