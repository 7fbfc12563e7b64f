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
