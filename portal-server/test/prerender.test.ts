import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { contentSecurityPolicy } from '../src/lib/config';
import { earlyInputScript, earlyInputScriptSource } from '../src/lib/early-input';
import { buildEarlyInputScript, earlyInputSourceFile } from '../src/lib/early-input-build';
import { composeDrawnPage, type AreaPrerender, type ShellPrerender } from '../src/lib/prerender';

const template =
  '<!doctype html><html><head><title>Portal</title></head><body><div id=root><header class="boot-bar"><div>Starlink Kits</div></header><p class="boot-status">Loading…</p></div></body></html>';

const slot = '<template data-slot="portal-area-slot"></template>';
const shell: ShellPrerender = {
  slot,
  frames: {
    '/login': { html: `<nav>Main</nav><main><!--$-->${slot}<!--/$--></main>`, css: '<style data-styled="true">.nav{}</style>', slotId: '_R_1c_' },
  },
};
const auth: AreaPrerender = {
  entry: 'remoteEntry.0a1b2c3d.js',
  slotId: '_R_1c_',
  pages: { './login': { html: '<form><input name="email"></form>', css: '<style data-styled="true">.form{}</style>' } },
};

it("puts the area's page in the shell's frame, in #root marked with the route and its visitor, and both styles in <head>", () => {
  const composed = composeDrawnPage(template, shell, auth, { routePath: '/login', module: './login', session: 'none' });
  expect(composed).toContain(
    '<div id="root" data-prerendered="/login" data-session="none"><nav>Main</nav><main><!--$--><form><input name="email"></form><!--/$--></main></div>',
  );
  // The loading state stays, hidden, for a visitor the page was not drawn for.
  expect(composed).toContain(
    '</main></div><div data-boot hidden><header class="boot-bar"><div>Starlink Kits</div></header><p class="boot-status">Loading…</p></div></body>',
  );
  const head = composed.slice(0, composed.indexOf('</head>'));
  expect(head).toContain('.nav{}');
  expect(head).toContain('.form{}');
  expect(head).toContain(`<script>${earlyInputScript()}</script>`);
});

it('leaves the page as it was when the shell and the area rendered for different positions, or either lacks the route', () => {
  expect(composeDrawnPage(template, shell, { ...auth, slotId: '_R_2c_' }, { routePath: '/login', module: './login', session: 'none' })).toBe(template);
  expect(composeDrawnPage(template, shell, auth, { routePath: '/signup', module: './signup', session: 'none' })).toBe(template);
  expect(composeDrawnPage(template, shell, auth, { routePath: '/login', module: './signup', session: 'none' })).toBe(template);
});

it('keeps a page whose HTML holds "$" patterns as written', () => {
  const dollars = { ...auth, pages: { './login': { html: '<p>$& $1 ₦5</p>', css: "<style>.a::after{content:'$&'}</style>" } } };
  const composed = composeDrawnPage(template, shell, dollars, { routePath: '/login', module: './login', session: 'none' });
  expect(composed).toContain('<p>$& $1 ₦5</p>');
  expect(composed).toContain("content:'$&'");
});

it('marks a customer page as drawn for a customer, with the route pattern of a dynamic segment', () => {
  const kits: AreaPrerender = { ...auth, pages: { './dashboard': { html: '<h1>Kit dashboard</h1>', css: '' } } };
  const frames = { ...shell, frames: { '/dashboard/:kitId': shell.frames['/login']! } };
  const composed = composeDrawnPage(template, frames, kits, { routePath: '/dashboard/:kitId', module: './dashboard', session: 'customer' });
  expect(composed).toContain('<div id="root" data-prerendered="/dashboard/:kitId" data-session="customer"><nav>Main</nav>');
});

it('sends the early-input script as the build minified it from its source', async () => {
  expect(earlyInputScript()).toBe(await buildEarlyInputScript());
  // Minified: far smaller than its commented source, on one line.
  expect(earlyInputScript().length).toBeLessThan(fs.readFileSync(earlyInputSourceFile, 'utf8').length / 2);
  expect(earlyInputScript()).not.toContain('\n');
});

it('allows the early-input script by its hash, and no other inline script', () => {
  const csp = contentSecurityPolicy({ remotes: { auth: 'http://127.0.0.1:3001/remoteEntry.js' }, apiBaseUrl: '' });
  const hash = createHash('sha256').update(earlyInputScript()).digest('base64');
  expect(earlyInputScriptSource()).toBe(`'sha256-${hash}'`);
  const scriptSrc = csp.split('; ').find((d) => d.startsWith('script-src '));
  expect(scriptSrc).toContain(`'sha256-${hash}'`);
  expect(scriptSrc).not.toContain('unsafe-inline');
});

it('uses a page that needs a query parameter only for an address that has it', () => {
  const reset = {
    ...auth,
    pages: { './reset-password': { html: '<form>new password</form>', css: '', needs: 'token' } },
  };
  const frames = { ...shell, frames: { '/reset-password': shell.frames['/login']! } };
  const at = (search: string) => composeDrawnPage(template, frames, reset, { routePath: '/reset-password', module: './reset-password', session: 'none', search });
  expect(at('?token=abc')).toContain('<form>new password</form>');
  expect(at('')).toBe(template);
  expect(at('?token=%20')).toBe(template);
});
