/**
 * @jest-environment jsdom
 */
import { earlyInputScript } from '../lib/early-input';

// A document of its own (one per test file): every run of the script adds a load listener, so the page that names an
// entry is the first here.
const runScript = () => new Function(earlyInputScript())();

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

it('on a page carrying the entry inline, fetches the file into the cache once the page has loaded and drawn its first screen', () => {
  document.head.innerHTML = '<meta name="portal-entry" content="/main.0a1b2c3d.js">';
  runScript();
  const prefetches = () => Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]'));
  window.dispatchEvent(new Event('load'));
  jest.runAllTimers();
  expect(prefetches()).toHaveLength(0);
  // Not beside the first screen's own downloads: only once the shell has drawn it.
  document.dispatchEvent(new Event('portal:area-ready'));
  jest.runAllTimers();
  expect(prefetches().map((link) => link.getAttribute('href'))).toEqual(['/main.0a1b2c3d.js']);
  // Nothing about the browser is recorded for the server: every browser gets the same pages.
  prefetches()[0]!.dispatchEvent(new Event('load'));
  expect(document.cookie).toBe('');
});

it('a page without an inline entry fetches nothing after it loads', () => {
  document.head.innerHTML = '';
  runScript();
  window.dispatchEvent(new Event('load'));
  document.dispatchEvent(new Event('portal:area-ready'));
  jest.runAllTimers();
  expect(document.head.querySelectorAll('link')).toHaveLength(0);
});
