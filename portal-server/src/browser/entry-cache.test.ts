/**
 * @jest-environment jsdom
 */
import { earlyInputScript } from '../lib/early-input';
import { ENTRY_COOKIE } from './entry-cache';

// A document of its own (one per test file): every run of the script adds a load listener, so the page that names an
// entry is the first here.
const runScript = () => new Function(earlyInputScript())();

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

it('on a page carrying the entry inline, fetches the file into the cache once the page has loaded and drawn its first screen, then records it', () => {
  document.head.innerHTML = '<meta name="portal-entry" content="/main.0a1b2c3d.js">';
  document.cookie = `${ENTRY_COOKIE}=; max-age=0; path=/`;
  runScript();
  const prefetches = () => Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]'));
  window.dispatchEvent(new Event('load'));
  jest.runAllTimers();
  expect(prefetches()).toHaveLength(0);
  // Not beside the first screen's own downloads: only once the shell has drawn it.
  document.dispatchEvent(new Event('portal:area-ready'));
  jest.runAllTimers();
  expect(prefetches().map((link) => link.getAttribute('href'))).toEqual(['/main.0a1b2c3d.js']);
  // Only a file the browser got is recorded: the server then stops sending the entry inline.
  expect(document.cookie).not.toContain(ENTRY_COOKIE);
  prefetches()[0]!.dispatchEvent(new Event('load'));
  expect(document.cookie).toContain(`${ENTRY_COOKIE}=main.0a1b2c3d.js`);
});

it('a page without an inline entry fetches nothing after it loads', () => {
  document.head.innerHTML = '';
  runScript();
  window.dispatchEvent(new Event('load'));
  document.dispatchEvent(new Event('portal:area-ready'));
  jest.runAllTimers();
  expect(document.head.querySelectorAll('link')).toHaveLength(0);
});
