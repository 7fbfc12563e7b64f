/**
 * Accessibility checks shared by the a11y and keyboard specs: the axe audit (WCAG 2.0/2.1/2.2 A and AA),
 * a direct measure of touch targets, sideways scrolling, and the focus indicator.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1280, height: 800 };

/** Axe over the whole page as it stands (an open dialog is audited in place, over its page). */
export async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  // Toasts and dialogs animate in: audit what settles once their animations end, not a half-faded frame.
  await page.evaluate(() =>
    Promise.all(document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished.catch(() => null))),
  );
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const report = results.violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.map((n) => `${n.target.join(' ')} :: ${n.failureSummary?.replace(/\s+/g, ' ')}`),
  }));
  expect(report, `axe violations on ${what}`).toEqual([]);
}

export type SmallTarget = { name: string; width: number; height: number };

/**
 * Every visible control in `scope` (the top dialog when one is open) is at least 24 x 24 CSS px.
 * A control inside its own label counts the label (a click on it works the control); links inside a
 * sentence are exempt, as WCAG 2.5.8 allows.
 */
export async function smallTargets(page: Page): Promise<SmallTarget[]> {
  return page.evaluate(() => {
    const dialogs = Array.from(document.querySelectorAll<HTMLElement>('dialog[open], [role="dialog"]'));
    const scope: ParentNode = dialogs[dialogs.length - 1] ?? document;
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, [role="switch"], [role="button"], [tabindex]:not([tabindex="-1"])';
    const small: { name: string; width: number; height: number }[] = [];
    for (const el of Array.from(scope.querySelectorAll<HTMLElement>(selector))) {
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      let rect = el.getBoundingClientRect();
      if (rect.width === 0 && rect.height === 0) continue;
      // Off-screen until focused (the skip link).
      if (rect.right <= 0 || rect.bottom <= 0) continue;
      const label = el.closest('label');
      if (label && el instanceof HTMLInputElement) rect = label.getBoundingClientRect();
      if (el.tagName === 'A') {
        const block = el.parentElement;
        const own = (el.textContent ?? '').trim().length;
        const around = (block?.textContent ?? '').trim().length;
        if (around > own + 12) continue;
      }
      if (rect.width < 24 || rect.height < 24) {
        const name = el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().slice(0, 40) ?? el.tagName;
        small.push({
          name: `${el.tagName.toLowerCase()} "${name}"`,
          width: Math.round(rect.width),
          height: Math.round(rect.height),
        });
      }
    }
    return small;
  });
}

export async function expectTargetsAtLeast24px(page: Page, what: string): Promise<void> {
  expect(await smallTargets(page), `controls under 24 x 24 px on ${what}`).toEqual([]);
}

/** Horizontal overflow of the page, in px (0 when nothing scrolls sideways). */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const el = document.scrollingElement ?? document.documentElement;
    return el.scrollWidth - el.clientWidth;
  });
}

/** At 320 px wide the page (and any open dialog) must not scroll sideways; restores the viewport after. */
export async function expectNoSidewaysScrollAt320(page: Page, what: string): Promise<void> {
  const before = page.viewportSize();
  await page.setViewportSize({ width: 320, height: 640 });
  // Laid out again at the new width by the next frame.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  expect(await sidewaysOverflow(page), `sideways scrolling at 320 px on ${what}`).toBeLessThanOrEqual(0);
  const dialogOverflow = await page.evaluate(() => {
    const dialogs = Array.from(document.querySelectorAll<HTMLElement>('dialog[open], [role="dialog"]'));
    const top = dialogs[dialogs.length - 1];
    return top ? top.scrollWidth - top.clientWidth : 0;
  });
  expect(dialogOverflow, `dialog scrolls sideways at 320 px on ${what}`).toBeLessThanOrEqual(0);
  if (before) await page.setViewportSize(before);
}

/** Everything this spec asks of one screen state. */
export async function auditScreen(page: Page, what: string, { narrow = false } = {}): Promise<void> {
  await expectNoAxeViolations(page, what);
  await expectTargetsAtLeast24px(page, what);
  if (narrow) await expectNoSidewaysScrollAt320(page, what);
}

/** The focused element shows a visible indicator: an outline or a box shadow. */
export async function expectVisibleFocus(locator: Locator): Promise<void> {
  await expect(locator).toBeFocused();
  const indicator = await locator.evaluate((el) => {
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 ? style.outline : '';
    const shadow = style.boxShadow !== 'none' ? style.boxShadow : '';
    return outline || shadow;
  });
  expect(indicator, 'focused element has an outline or box shadow').not.toBe('');
}

