import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** WCAG 2 A and AA, 2.0 and 2.1: every page must pass these. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * One line per violating element: rule, element and axe's summary. Legacy mode runs axe in the
 * page itself (the app has no frames), without the blank page the default mode opens per check.
 */
export async function violationsOf(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .setLegacyMode()
    .analyze();
  return violations.flatMap((v) =>
    v.nodes.map(
      (n) =>
        `${v.id} at ${n.target.join(' ')}: ${(n.failureSummary ?? v.help).replace(/\s+/g, ' ')}`,
    ),
  );
}
