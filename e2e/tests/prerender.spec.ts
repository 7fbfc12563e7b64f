import type { Page } from '@playwright/test';
import { createKit, storeSession, verifyEmail } from '../support/api';
import { REMOTE_URLS } from '../support/env';
import { held } from '../support/held';
import { test, expect } from '../support/fixtures';

/** The auth area's code (its entry and page chunks), held until `release()`: the page shows only what came as HTML. */
async function holdAuthCode(page: Page) {
  await watchAreaReady(page);
  const gate = held();
  await page.route(`${REMOTE_URLS.auth}/**/*.js`, gate.handler);
  return gate;
}

/** Every console error or warning and uncaught error of the page (a hydration mismatch reports one). */
function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    // The suite blocks service workers (playwright.config.ts), and Playwright says so on the page's console.
    if (message.text() === 'Service Worker registration blocked by Playwright') return;
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

type Watched = { areaReady: Promise<void> };

/** From the page's start: a promise of the shell saying the first area's page has rendered (hydrated, when drawn). */
async function watchAreaReady(page: Page) {
  await page.addInitScript(() => {
    (window as unknown as Watched).areaReady = new Promise<void>((resolve) =>
      document.addEventListener('portal:area-ready', () => resolve(), { once: true }),
    );
  });
}

const areaReady = (page: Page) => page.evaluate(() => (window as unknown as Watched).areaReady);

/** The layout shifts the page has recorded (none, or the observer's timeout). */
/** The page's layout shifts so far, summed, and what moved (so a failure names the element and its boxes). */
const layoutShifts = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ total: number; moved: string[] }>((resolve) => {
        let total = 0;
        const moved: string[] = [];
        const describe = (node: Node | null) =>
          node instanceof Element
            ? `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}[${(node.textContent ?? '').trim().slice(0, 40)}]`
            : String(node?.nodeName);
        const box = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
        type Shift = PerformanceEntry & {
          value: number;
          sources?: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
        };
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Shift[]) {
            total += entry.value;
            for (const source of entry.sources ?? [])
              moved.push(`${entry.value.toFixed(4)} ${describe(source.node)} ${box(source.previousRect)} -> ${box(source.currentRect)}`);
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve({ total, moved }), 500);
      }),
  );

test.describe('guest screens arrive as HTML (issue 22)', () => {
  test('/login shows its form before its code, keeps what was typed across hydration, and sends it', async ({ page, customer }) => {
    const problems = consoleProblems(page);
    const code = await holdAuthCode(page);
    try {
      await page.goto('/login', { waitUntil: 'domcontentloaded' });
      const form = page.getByRole('form', { name: 'Log in' });
      await expect(form).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await page.getByLabel('Email', { exact: true }).pressSequentially(customer.email);
      await page.getByLabel('Password', { exact: true }).pressSequentially(customer.password);
      const before = await form.boundingBox();
      code.release();
      await areaReady(page);

      await expect(page.getByLabel('Email', { exact: true })).toHaveValue(customer.email);
      await expect(page.getByLabel('Password', { exact: true })).toHaveValue(customer.password);
      expect(await form.boundingBox()).toEqual(before);
      const shifts = await layoutShifts(page);
      expect(shifts.total, shifts.moved.join('\n')).toBe(0);

      const login = page.waitForRequest((r) => r.url().endsWith('/api/v1/login') && r.method() === 'POST');
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      expect(JSON.stringify((await login).postDataJSON())).toContain(customer.password);
      await expect(page.getByText('Login successful!')).toBeVisible();
      expect(problems).toEqual([]);
    } finally {
      code.release();
    }
  });

  test('a login sent before the code arrives is sent once it is ready, never as an address with the password', async ({
    page,
    customer,
  }) => {
    const problems = consoleProblems(page);
    const code = await holdAuthCode(page);
    const logins: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/v1/login')) logins.push(r.method());
    });
    try {
      await page.goto('/login', { waitUntil: 'domcontentloaded' });
      await page.getByLabel('Email', { exact: true }).fill(customer.email);
      await page.getByLabel('Password', { exact: true }).fill(customer.password);
      await page.getByLabel('Password', { exact: true }).press('Enter');
      // The customer sees the page is busy, and stays on it: no native GET /login?email=…&password=….
      await expect(page.locator('html')).toHaveAttribute('aria-busy', 'true');
      expect(page.url()).not.toContain('password');
      const login = page.waitForRequest((r) => r.url().endsWith('/api/v1/login') && r.method() === 'POST');
      code.release();
      expect(JSON.stringify((await login).postDataJSON())).toContain(customer.email);
      await expect(page.getByText('Login successful!')).toBeVisible();
      await expect(page.locator('html')).not.toHaveAttribute('aria-busy');
      expect(logins.filter((m) => m === 'POST')).toHaveLength(1);
      expect(page.url()).not.toContain('password');
      expect(problems).toEqual([]);
    } finally {
      code.release();
    }
  });

  test('typing into /login before any code runs starts downloading the API client, and the held login is sent once', async ({
    page,
    customer,
  }) => {
    const isClient = (url: URL) => /\/http-client\.[\w.]*js$/.test(url.pathname);
    const code = held();
    await page.route((url) => url.pathname.endsWith('.js') && !isClient(url), code.handler);
    const logins: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/v1/login')) logins.push(r.method());
    });
    try {
      // The held scripts keep the page from DOMContentLoaded (the shell's are deferred): navigate until the response.
      await page.goto('/login', { waitUntil: 'commit' });
      const client = page.waitForRequest((r) => isClient(new URL(r.url())));
      await page.getByLabel('Email', { exact: true }).fill(customer.email);
      // No script of the shell or the area has arrived, yet the download a submit needs has started.
      await client;
      await page.getByLabel('Password', { exact: true }).fill(customer.password);
      await page.getByLabel('Password', { exact: true }).press('Enter');
      await expect(page.locator('html')).toHaveAttribute('aria-busy', 'true');
      const login = page.waitForRequest((r) => r.url().endsWith('/api/v1/login') && r.method() === 'POST');
      code.release();
      expect(JSON.stringify((await login).postDataJSON())).toContain(customer.password);
      await expect(page.getByText('Login successful!')).toBeVisible();
      expect(logins.filter((m) => m === 'POST')).toHaveLength(1);
    } finally {
      code.release();
    }
  });

  test('a login sent early on a page whose code then fails is not left busy: the area says it is unavailable', async ({
    page,
    customer,
  }) => {
    await watchAreaReady(page);
    let fail!: () => void;
    const failing = new Promise<void>((resolve) => (fail = resolve));
    // Held, then answered 503: the area's code never arrives.
    await page.route(`${REMOTE_URLS.auth}/**/*.js`, async (route) => {
      await failing;
      await route.fulfill({ status: 503, body: '' }).catch(() => undefined);
    });
    try {
      await page.goto('/login', { waitUntil: 'domcontentloaded' });
      await page.getByLabel('Email', { exact: true }).fill(customer.email);
      await page.getByLabel('Password', { exact: true }).fill(customer.password);
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      await expect(page.locator('html')).toHaveAttribute('aria-busy', 'true');
      fail();
      await expect(page.getByRole('alert')).toContainText('Log in is unavailable');
      await expect(page.locator('html')).not.toHaveAttribute('aria-busy');
      expect(page.url()).not.toContain('password');
    } finally {
      fail();
    }
  });

  test('the browser draws the page with the class names of its HTML', async ({ page }) => {
    const classes = () => page.locator('#main *').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('class') ?? ''));
    await page.goto('/login', { waitUntil: 'domcontentloaded' });
    // React keeps the HTML's attributes when it hydrates: these are the prerender's class names.
    const prerendered = await classes();
    await expect(page.getByRole('form', { name: 'Log in' })).toBeVisible();
    // Away and back inside the app: this time the browser renders /login itself.
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page.getByRole('heading', { name: 'Sign up', level: 1 })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Log in' }).click();
    await expect(page.getByRole('heading', { name: 'Log in', level: 1 })).toBeVisible();
    expect(prerendered.length).toBeGreaterThan(10);
    expect(await classes()).toEqual(prerendered);
  });

  test('a signed-in customer opening a drawn open page gets their own navbar, without a hydration error', async ({
    page,
    signedIn,
  }) => {
    expect(signedIn.email).toBeTruthy();
    const problems = consoleProblems(page);
    await page.goto('/forgot-password');
    await expect(page.getByRole('heading', { name: 'Forgot password', level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Billing' })).toBeVisible();
    await page.goto('/login');
    await expect(page).toHaveURL(/\/home$/);
    expect(problems).toEqual([]);
  });

  for (const [path, heading] of [
    ['/signup', 'Sign up'],
    ['/forgot-password', 'Forgot password'],
    ['/reset-password?token=from-the-email', 'Reset password'],
    ['/email-confirmation', 'Email confirmation'],
    ['/activate', 'Activate'],
  ] as const) {
    test(`${path} shows its screen before its code, and hydrates it without a warning or a shift`, async ({ page }) => {
      const problems = consoleProblems(page);
      const code = await holdAuthCode(page);
      try {
        await page.goto(path, { waitUntil: 'domcontentloaded' });
        const title = page.getByRole('heading', { level: 1 });
        await expect(title).toBeVisible();
        expect(await title.textContent()).toContain(heading);
        const before = await title.boundingBox();
        code.release();
        await areaReady(page);
        expect(await title.boundingBox()).toEqual(before);
        const shifts = await layoutShifts(page);
        expect(shifts.total, shifts.moved.join('\n')).toBe(0);
        expect(problems).toEqual([]);
      } finally {
        code.release();
      }
    });
  }
});

/**
 * Every script of the page (the shell's and the areas'), held until `release()`: the page is only its HTML (and never
 * reaches DOMContentLoaded, which waits for the shell's deferred scripts: the test navigates until the response).
 */
async function holdAllCode(page: Page) {
  const gate = held();
  await page.route('**/*.js', gate.handler);
  return gate;
}

/** The API's answers, held until `release()`: the page shows its frame, not its data. */
async function holdApi(page: Page) {
  const gate = held();
  await page.route((url) => url.pathname.startsWith('/api/'), gate.handler);
  return gate;
}

test.describe('customer screens arrive with their frame (issue 22)', () => {
  for (const { path, remote, heading, data } of [
    // kitOwner's kit and the one the test adds.
    { path: '/home', remote: 'kits', heading: 'Home', data: 'My kits (2)' },
    { path: '/dashboard/{id}', remote: 'kits', heading: 'Kit dashboard', data: 'Subscription details' },
    { path: '/billing', remote: 'billing', heading: 'Billing', data: 'Transaction history' },
    { path: '/profile', remote: 'profile', heading: 'Profile', data: 'Your details' },
  ] as const) {
    test(`${path} shows its frame and the signed-in navbar before any code, and hydrates it without a warning or a shift`, async ({
      page,
      kitOwner,
    }) => {
      const kit = await createKit(kitOwner);
      await storeSession(page, kitOwner);
      const problems = consoleProblems(page);
      await watchAreaReady(page);
      const code = await holdAllCode(page);
      const answers = await holdApi(page);
      try {
        await page.goto(path.replace('{id}', String(kit.id)), { waitUntil: 'commit' });
        const title = page.getByRole('heading', { name: heading, level: 1 });
        await expect(title).toBeVisible();
        const nav = page.getByRole('navigation', { name: 'Main' });
        await expect(nav.getByRole('link', { name: 'Billing' })).toBeVisible();
        await expect(nav.getByRole('link', { name: 'Log in' })).toHaveCount(0);
        await expect(page.locator('#root')).toHaveAttribute('data-session', 'customer');
        const before = await nav.boundingBox();
        const drawn = await nav.elementHandle();
        code.release();
        await areaReady(page);
        // Hydrated, not drawn anew: the HTML's own navbar is still in the page, in the same place (the page's part may
        // change once hydrated, as the session's own data is shown, with no warning: a mismatch would report one).
        await expect(page.locator(`[data-area="${remote}"]`)).toBeAttached();
        expect(await drawn!.evaluate((node) => node.isConnected)).toBe(true);
        expect(await nav.boundingBox()).toEqual(before);
        answers.release();
        await expect(page.getByRole('heading', { name: data }).first()).toBeVisible();
        const shifts = await layoutShifts(page);
        expect(shifts.total, shifts.moved.join('\n')).toBeLessThanOrEqual(0.01);
        expect(problems).toEqual([]);
      } finally {
        code.release();
        answers.release();
      }
    });
  }

  test('a visitor without a session opening /home sees the loading state, never the frame, and ends at /login', async ({ page }) => {
    const code = await holdAllCode(page);
    try {
      await page.goto('/home', { waitUntil: 'commit' });
      await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeHidden();
      await expect(page.getByRole('link', { name: 'Billing' })).toBeHidden();
      code.release();
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('form', { name: 'Log in' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toHaveCount(0);
    } finally {
      code.release();
    }
  });

  test('a signed-in visitor opening /login never sees the login form on the way to /home', async ({ page, customer }) => {
    await verifyEmail(customer);
    await storeSession(page, customer);
    // Whether the login form was ever painted visible, checked at every frame from the page's start.
    await page.addInitScript(() => {
      const seen = { form: false };
      (window as unknown as { loginSeen: typeof seen }).loginSeen = seen;
      const look = () => {
        const form = document.querySelector('form[aria-label="Log in"], form[aria-labelledby]');
        if (form && (form as HTMLElement).offsetParent !== null && location.pathname === '/login') seen.form = true;
        if (!seen.form) requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    const code = await holdAllCode(page);
    try {
      await page.goto('/login', { waitUntil: 'commit' });
      await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toBeVisible();
      await expect(page.getByRole('form', { name: 'Log in' })).toBeHidden();
      code.release();
      await expect(page).toHaveURL(/\/home$/);
      await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { loginSeen: { form: boolean } }).loginSeen.form)).toBe(false);
    } finally {
      code.release();
    }
  });
});
