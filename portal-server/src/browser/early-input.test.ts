/**
 * @jest-environment jsdom
 */
import { earlyInputScript } from '../lib/early-input';

/** Runs the built script as the page's <head> does (each run adds its listeners: one run per test that sends). */
const runScript = () => new Function(earlyInputScript())();

beforeEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute('data-session');
});

it("marks the page with the stored session's kind, by the route guards' rules", () => {
  runScript();
  expect(document.documentElement.dataset.session).toBe('none');

  localStorage.setItem('token', 'tok');
  localStorage.setItem('userData', JSON.stringify({ id: 1, email: 'a@b.c' }));
  runScript();
  expect(document.documentElement.dataset.session).toBe('customer');

  // A token without readable user data is no session a customer's page opens with.
  localStorage.setItem('userData', '{not json');
  runScript();
  expect(document.documentElement.dataset.session).toBe('partial');
});

it('holds a form sent before the page is ready, shows the page busy, and sends it once ready', async () => {
  document.body.innerHTML = '<div id="root"><form><input name="email"><button>Send</button></form></div>';
  runScript();
  const form = document.querySelector('form')!;
  const sent = jest.fn((event: Event) => event.preventDefault());
  form.requestSubmit();
  expect(document.documentElement.getAttribute('aria-busy')).toBe('true');
  form.addEventListener('submit', sent);
  document.dispatchEvent(new Event('portal:area-ready'));
  // The script hands over on the next tasks (after React's own work on the event).
  for (let tries = 0; tries < 100 && sent.mock.calls.length === 0; tries += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(document.documentElement.hasAttribute('aria-busy')).toBe(false);
  expect(sent).toHaveBeenCalledTimes(1);
});

it("at the first touch, marks the page touched and preloads the scripts the server named, once", () => {
  document.head.innerHTML = '<meta name="portal-touch-preload" content="/http-client.1a2b3c4d.js /vendor.5e6f.js">';
  document.body.innerHTML = '<div id="root"><form><input name="email"></form></div>';
  document.documentElement.removeAttribute('data-touched');
  runScript();
  const preloads = () =>
    Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="script"]'), (link) =>
      link.getAttribute('href'),
    );
  expect(preloads()).toEqual([]);
  expect(document.documentElement.hasAttribute('data-touched')).toBe(false);

  document.querySelector('input')!.focus();
  expect(document.documentElement.hasAttribute('data-touched')).toBe(true);
  expect(preloads()).toEqual(['/http-client.1a2b3c4d.js', '/vendor.5e6f.js']);

  document.querySelector('input')!.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, key: 'a' }));
  expect(preloads()).toHaveLength(2);
});
