/**
 * Gives a heading focus from code (a page's or dialog's fallback): headings are not focusable, so it takes
 * `tabindex="-1"`, which keeps it out of the Tab order; the page does not scroll, the caller decides that.
 */
export function focusHeading(heading: HTMLElement): void {
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
}
