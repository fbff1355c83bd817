import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * WCAG 2 A/AA violations of the page (or of the part `include` selects) as `rule: targets` lines.
 *
 * Waits first for every finite animation and transition to end: a toast caught mid fade-in has a
 * translucent background, and axe's colour-contrast rule then measures a contrast the user never sees
 * (a CI run failed on a sonner toast that way). Infinite animations (spinners) are left alone.
 */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']);
  const result = await (include ? builder.include(include) : builder).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
