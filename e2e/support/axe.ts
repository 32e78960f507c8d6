import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';

const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

export interface AxeCheckOptions {
  /** CSS selectors left out of the check (use sparingly, and say why next to the call). */
  exclude?: string[];
  /** axe rule ids switched off for this check (same rule: say why). */
  disableRules?: string[];
  testInfo?: TestInfo;
}

/**
 * Runs axe-core (WCAG 2.x A/AA and best practices) on the page as it is now and fails on any serious or
 * critical violation, listing rule, help text and the offending elements. Minor and moderate findings
 * are attached to the report when testInfo is given.
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  options: AxeCheckOptions = {},
): Promise<void> {
  await waitForAnimations(page);
  let builder = new AxeBuilder({ page });
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  if (options.disableRules?.length) builder = builder.disableRules(options.disableRules);
  const results = await builder.analyze();

  const blocking = results.violations.filter((v) => v.impact && BLOCKING_IMPACTS.has(v.impact));
  if (options.testInfo && results.violations.length > 0) {
    await options.testInfo.attach(`axe ${page.url()}`, {
      body: JSON.stringify(results.violations, null, 2),
      contentType: 'application/json',
    });
  }
  const report = blocking
    .map(
      (v) =>
        `- [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n` +
        v.nodes
          .map((n) => `    ${n.target.join(' ')}: ${n.failureSummary ?? ''}`.replace(/\n/g, ' '))
          .join('\n'),
    )
    .join('\n');
  expect(
    blocking.map((v) => `${v.impact} ${v.id}`),
    `Serious/critical accessibility violations on ${page.url()}:\n${report}`,
  ).toEqual([]);
}

/** Transitions (modal fade-in, drawer slide) give transient contrast failures: let them finish first. */
async function waitForAnimations(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
      null,
      { timeout: 3_000 },
    )
    .catch(() => undefined);
}
