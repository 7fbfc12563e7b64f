import { useEffect, useRef } from 'react';
import { focusHeading } from 'shared-ui';
import { useLocation } from 'shared-ui/router';

/** Anything modal on the page: a dialog that opened on arrival keeps the focus it took. */
const OPEN_DIALOG = '[role="dialog"], [role="alertdialog"], [aria-modal="true"]';

/** The customer's own input: until the first, location changes are the first screen's redirects. */
const INPUT_EVENTS = ['keydown', 'pointerdown'] as const;

function focusPageHeading(heading: HTMLElement) {
  focusHeading(heading);
  // A page opened from further down the previous one starts at its top, where its heading is.
  if (heading.getBoundingClientRect().top < 0) window.scrollTo({ top: 0 });
}

/**
 * After an in-app change of page (a new path, not a new query or hash), focus goes to the new page's `h1` once it
 * has rendered, so a screen reader announces the page and Tab carries on from its start. The heading rather than
 * `<main>`: it names the page (`<main>` would be read as its whole content, or nothing while it loads), and waiting
 * for it on a slow network costs nothing, since focus that the customer or a dialog moves meanwhile is left alone.
 * The first screen and its redirects keep the browser's default, so the prerendered page is not disturbed.
 */
export function useRouteFocus(): void {
  const { pathname } = useLocation();
  const acted = useRef(false);

  useEffect(() => {
    const onInput = () => {
      acted.current = true;
    };
    INPUT_EVENTS.forEach((type) => document.addEventListener(type, onInput, true));
    return () => INPUT_EVENTS.forEach((type) => document.removeEventListener(type, onInput, true));
  }, []);

  useEffect(() => {
    const main = document.getElementById('main');
    if (!acted.current || !main) return undefined;
    const tryFocus = (): boolean => {
      const heading = main.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      if (!document.querySelector(OPEN_DIALOG)) focusPageHeading(heading);
      return true;
    };
    if (tryFocus()) return undefined;
    const observer = new MutationObserver(() => {
      if (tryFocus()) stop();
    });
    const stop = () => {
      observer.disconnect();
      document.removeEventListener('focusin', stop);
    };
    observer.observe(main, { childList: true, subtree: true });
    document.addEventListener('focusin', stop);
    return stop;
  }, [pathname]);
}
