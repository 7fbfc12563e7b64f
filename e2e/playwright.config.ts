import { defineConfig, devices } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';
import {
  API_URL,
  CHROMIUM_ARGS,
  PORTAL_ORIGINS,
  PORTAL_PORT,
  PORTAL_URL,
  API_PORT,
  chromiumPath,
  E2E_DATA_DIR,
  SAME_ORIGIN_PORTAL_PORT,
  SAME_ORIGIN_PORTAL_URL,
} from './support/env';

const root = path.resolve(__dirname, '..');

/**
 * E2E_SERVER=nginx: the portal served by nginx (`npm run serve:nginx`, deploy/nginx) instead of portal-server, for the
 * specs about what is served only (pages, prerendered HTML, headers and CSP, the same-origin API).
 */
const nginx = process.env.E2E_SERVER === 'nginx';
const serve = nginx ? 'npm run serve:nginx' : 'npm run serve';
const NGINX_PROJECTS = [
  {
    name: 'nginx',
    testMatch: /(prerender|same-origin-api|federation|resilience)\.spec\.ts/,
    // Of federation.spec and resilience.spec only the tests of what is served (caching, the entry inside the page,
    // 404s, preloads, the CSP): their others are about the browser's code, whatever serves the files.
    grep: /prerender\.spec|same-origin-api\.spec|cached for good|entry script|asks the servers for nothing|HTML preloads|the Content-Security-Policy/,
    use: { ...devices['Desktop Chrome'], channel: undefined },
  },
  // A remote released and promoted under the running nginx: served once serve:nginx has written the site again.
  { name: 'nginx-redeploy', testMatch: /\/redeploy\.spec\.ts$/, dependencies: ['nginx'], workers: 1, use: { ...devices['Desktop Chrome'] } },
];

/**
 * The production build, served exactly as `npm run serve` serves it (shell and remotes on their own
 * ports), against the reference API with a fresh embedded database.
 */
export default defineConfig({
  testDir: './tests',
  // Per port, so two runs on one machine never share artifacts.
  outputDir: `test-results/${PORTAL_PORT}${nginx ? '-nginx' : ''}`,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  // E2E_WORKERS: how many browsers at once (the servers and the browsers share the machine's cores).
  workers: Number(process.env.E2E_WORKERS) || Math.min(2, os.cpus().length),
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: PORTAL_URL,
    trace: 'retain-on-failure',
    // Playwright's request routing does not see what a service worker answers, and most specs route requests: the
    // portal's worker runs only in the specs about it (`test.use({ serviceWorkers: 'allow' })`).
    serviceWorkers: 'block',
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
  },
  projects: nginx ? NGINX_PROJECTS : [
    { name: 'desktop', testIgnore: /(redeploy|ship-area|ship-routes|canary)\.spec\.ts/, use: { ...devices['Desktop Chrome'], channel: undefined } },
    // Release a remote under the running servers: only after everything else has finished, one test at a time (two
    // specs releasing kits at once would each see the other's build).
    { name: 'redeploy', testMatch: /redeploy\.spec\.ts/, dependencies: ['desktop'], workers: 1, use: { ...devices['Desktop Chrome'] } },
    { name: 'ship-area', workers: 1, testMatch: /ship-area\.spec\.ts/, dependencies: ['redeploy'], use: { ...devices['Desktop Chrome'] } },
    // An area's new page and new read, each released and promoted as that area alone (fixtures applied for the spec).
    { name: 'ship-routes', workers: 1, testMatch: /ship-routes\.spec\.ts/, dependencies: ['ship-area'], use: { ...devices['Desktop Chrome'] } },
    // A canary of the kits area watched until it is rolled back: after ship-routes, on its own.
    { name: 'canary', workers: 1, testMatch: /canary\.spec\.ts/, dependencies: ['ship-routes'], use: { ...devices['Desktop Chrome'] } },
  ],
  webServer: [
    {
      command: 'npm run start:prod -w api',
      cwd: root,
      // Any answer below 404 means it is up; this one is a 401.
      url: `${API_URL}/api/v1/starlink_user_wallet`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      env: {
        PORT: String(API_PORT),
        DATA_DIR: E2E_DATA_DIR,
        CORS_ORIGINS: PORTAL_ORIGINS.join(','),
        PORTAL_URL,
        RATE_LIMIT_MAX: '100000',
        // Password hashing at its production cost is the API suite's subject; here it would only spend the cores the
        // browsers need (every sign-up and log-in hashes once).
        SCRYPT_COST: '1024',
        SEED_DEMO: '1',
        LOG_LEVEL: 'warn',
      },
    },
    {
      command: serve,
      cwd: root,
      url: PORTAL_URL,
      reuseExistingServer: false,
      // Each first releases the builds into the run's store (copies of five builds) before its servers start.
      timeout: 120_000,
      env: { PORTAL_PORT: String(PORTAL_PORT), PORTAL_API_URL: API_URL },
    },
    {
      command: serve,
      cwd: root,
      url: SAME_ORIGIN_PORTAL_URL,
      reuseExistingServer: false,
      // Each first releases the builds into the run's store (copies of five builds) before its servers start.
      timeout: 120_000,
      env: { PORTAL_PORT: String(SAME_ORIGIN_PORTAL_PORT), PORTAL_API_URL: API_URL, PORTAL_API_SAME_ORIGIN: '1' },
    },
  ],
});
