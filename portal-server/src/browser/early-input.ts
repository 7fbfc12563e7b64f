// The inline script of every prerendered page (built by scripts/build-early-input.ts, which minifies it): it runs in
// <head>, before #root is parsed and before any of the portal's code.
//
// 1. It marks <html> with the stored session (`data-session`, the rules of the shell's route guards): the page's
//    style hides a page drawn for another kind of visitor (a customer's frame for a guest, the login form for a
//    customer), showing the loading state instead, so a guest never sees a customer's frame and a customer never
//    sees the login form on their way to where the shell sends them.
// 2. React keeps what was typed on the drawn page but not in its state (the next render would wipe it): once the
//    shell says the page is ready (`portal:area-ready`), each field that differs from its HTML is handed to React as
//    an input of its own (all read first: React's render after the first one resets the others to its state). A form
//    sent before that is held (no native GET that would put a password in the address), the page shows it is busy,
//    and the form is sent then, with those values; if the page's code fails instead (`portal:area-failed`), the
//    shell's error card says so.
// 3. At the visitor's first pointer, key or focus in the page it marks <html> `data-touched` (the shell, starting
//    later, does then at once what it does on a first touch) and preloads the scripts the server named for it
//    (`TOUCH_PRELOAD`: the API client), so a form typed into before the shell runs is not sent a round trip and a
//    download after the page is ready.
// 4. A guest page carries the shell's entry script inline (`ENTRY_META` names its file): once the page has loaded
//    and its first screen is drawn, the file is fetched into the cache, where a customer's pages load it from.

import { storedSessionKindIn } from 'shared-api/prerender';
import { ENTRY_META } from './entry-cache';
import { TOUCH_PRELOAD } from './touch-preload';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
type Typed = [field: Field, key: 'value' | 'checked' | 'select', typed?: string | boolean];

const d = document;
const html = d.documentElement;
let held: HTMLFormElement | null = null;
let ready = false;

/** The stored session's kind; storage that cannot be read holds none. */
function storedSession(): string {
  try {
    return storedSessionKindIn(localStorage);
  } catch {
    return 'none';
  }
}

html.setAttribute('data-session', storedSession());

/** The prototype's own setter: React tracks a field's value through it, so setting it this way reads as typing. */
function setNative(field: Field, key: 'value' | 'checked', value: string | boolean) {
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), key)!.set!.call(field, value);
}

function handOver() {
  const root = d.getElementById('root');
  if (!root) return;
  const typed: Typed[] = [];
  root.querySelectorAll<Field>('input,textarea,select').forEach((field) => {
    if (field instanceof HTMLSelectElement) {
      const option = field.options[field.selectedIndex];
      if (option && !option.defaultSelected) typed.push([field, 'select']);
      return;
    }
    const box = field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');
    if (box) {
      if (field.checked !== field.defaultChecked) typed.push([field, 'checked', field.checked]);
    } else if (field.value !== field.defaultValue) typed.push([field, 'value', field.value]);
  });
  typed.forEach(([field, key, value]) => {
    if (key === 'select') {
      field.dispatchEvent(new Event('change', { bubbles: true }));
      return;
    }
    // Back to the HTML's value first, so React sees the change when the typed value is set again.
    if (key === 'checked') (field as HTMLInputElement).checked = !value;
    else field.value = (field as HTMLInputElement | HTMLTextAreaElement).defaultValue;
    setNative(field, key, value!);
    field.dispatchEvent(new Event(key === 'checked' ? 'click' : 'input', { bubbles: true }));
  });
}

function notBusy() {
  html.removeAttribute('aria-busy');
  html.style.cursor = '';
}

d.addEventListener(
  'submit',
  (event) => {
    if (ready) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held = event.target as HTMLFormElement;
    html.setAttribute('aria-busy', 'true');
    html.style.cursor = 'progress';
  },
  true,
);

const touchTypes = ['pointerdown', 'keydown', 'focusin'];

function firstTouch() {
  touchTypes.forEach((type) => d.removeEventListener(type, firstTouch, true));
  if (html.hasAttribute('data-touched')) return;
  html.setAttribute('data-touched', '');
  const named = d.querySelector<HTMLMetaElement>(`meta[name="${TOUCH_PRELOAD}"]`)?.content.split(' ') ?? [];
  named.forEach((href) => {
    if (!href) return;
    const link = d.createElement('link');
    link.setAttribute('rel', 'preload');
    link.setAttribute('as', 'script');
    link.setAttribute('href', href);
    d.head.appendChild(link);
  });
}

touchTypes.forEach((type) => d.addEventListener(type, firstTouch, { capture: true, passive: true }));

d.addEventListener('portal:area-ready', () => {
  ready = true;
  setTimeout(() => {
    handOver();
    const form = held;
    held = null;
    notBusy();
    if (form && form.isConnected) setTimeout(() => form.requestSubmit(), 0);
  }, 0);
});

d.addEventListener('portal:area-failed', () => {
  held = null;
  notBusy();
});

function cacheEntry() {
  const file = d.querySelector<HTMLMetaElement>(`meta[name="${ENTRY_META}"]`)?.content;
  if (!file) return;
  const link = d.createElement('link');
  link.setAttribute('rel', 'prefetch');
  link.setAttribute('href', file);
  d.head.appendChild(link);
}

// Once the page has loaded and its first screen is drawn, so the download never delays that screen.
let settling = 2;
const settled = () => {
  settling -= 1;
  if (settling === 0) (window.requestIdleCallback ?? setTimeout)(cacheEntry);
};
addEventListener('load', settled, { once: true });
d.addEventListener('portal:area-ready', settled, { once: true });
