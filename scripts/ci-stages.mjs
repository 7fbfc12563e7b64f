// `npm test`: every check of the repository as stages, each started as soon as the stages it needs have passed, so
// the independent ones share the machine; each stage's output is printed whole when it ends, with its time. A failed
// stage stops the stages that need it; the ones already running finish, so one run shows every failure.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Each stage is a root npm script (package.json says what it runs), with the stages it needs and its environment.
 * `needs`: stages that must have passed first; `after`: stages that must have ended first, whatever their outcome.
 * `background`: runs at a lower CPU priority, so the stages that wait on timers (jest's UI tests, the browsers) get
 * the cores first; the total work, and so the time the last stage ends, stays the same.
 * The test build leaves out what no test reads (webpack-config/README.md, "Build profiles").
 */
const stages = {
  lint: { script: 'lint', background: true },
  typecheck: { script: 'typecheck', background: true },
  'api-types': { script: 'test:api-types', background: true },
  changesets: { script: 'test:changesets', background: true },
  jest: { script: 'test:unit' },
  build: { script: 'build', background: true, env: { PORTAL_BUILD_PROFILE: 'test' } },
  budgets: { script: 'test:budgets', needs: ['build'] },
  // The redeploy and ship-area specs rebuild a remote under the running servers: with the same profile. After jest:
  // on two cores, the API's process-killing and racing suites beside five browsers' servers overrun their timeouts.
  e2e: { script: 'test:e2e', needs: ['build', 'jest'], env: { PORTAL_BUILD_PROFILE: 'test' } },
  // The served specs again with nginx serving the site (deploy/nginx): after e2e, whose ports it uses.
  'e2e-nginx': { script: 'test:e2e:nginx', needs: ['e2e'], env: { PORTAL_BUILD_PROFILE: 'test' } },
  // The API's bounded load runs saturate both cores for half a minute: once the browsers of e2e are done (passed or
  // not), beside the short e2e-nginx.
  load: { script: 'test:load', after: ['e2e'] },
};

const only = process.argv.slice(2);
for (const name of only) if (!(name in stages)) throw new Error(`unknown stage ${name}; stages: ${Object.keys(stages).join(', ')}`);
const selected = only.length > 0 ? only : Object.keys(stages);
const started = Date.now();
const seconds = (ms) => `${Math.round(ms / 1000)} s`;
/** name → { code, ms } once ended, or null while running */
const results = new Map();

/** Whether `name` has started or still can: each stage it needs (and selected) has passed, or still can. */
const canRun = (name) =>
  results.has(name) || (stages[name].needs ?? []).every((need) => !selected.includes(need) || (results.get(need) ? results.get(need).code === 0 : canRun(need)));
/** name → child process, while it runs */
const running = new Map();

function start(name) {
  const { script, background = false, env = {} } = stages[name];
  const t0 = Date.now();
  results.set(name, null);
  console.log(`stage ${name}: started at ${seconds(t0 - started)}`);
  const command = background ? ['nice', '-n', '10', 'npm', 'run', '--silent', script] : ['npm', 'run', '--silent', script];
  // Its own process group, so an interrupt reaches the whole tree (Playwright's servers, jest's workers).
  const child = spawn(command[0], command.slice(1), {
    cwd: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'),
    env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  running.set(name, child);
  child.on('close', (code, signal) => {
    running.delete(name);
    results.set(name, { code: code ?? 1, ms: Date.now() - t0 });
    process.stdout.write(Buffer.concat(output));
    console.log(`stage ${name}: ${code === 0 ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${seconds(Date.now() - t0)}`);
    // Passed on as an interrupt, which Playwright answers by stopping its web servers too.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => running.forEach((child) => process.kill(-child.pid, 'SIGINT')));

next();
  });
}

function next() {
  const ready = (name) =>
    !results.has(name) &&
    (stages[name].needs ?? []).every((need) => !selected.includes(need) || results.get(need)?.code === 0) &&
    (stages[name].after ?? []).every((stage) => !selected.includes(stage) || results.get(stage) || !canRun(stage));
  for (const name of selected.filter(ready)) start(name);
  if (running.size > 0) return;
  console.log('\nstage times:');
  for (const name of selected) {
    const result = results.get(name);
    console.log(`  ${name.padEnd(10)} ${result ? `${seconds(result.ms).padStart(6)}${result.code === 0 ? '' : '  FAILED'}` : '   not run'}`);
  }
  console.log(`  ${'total'.padEnd(10)} ${seconds(Date.now() - started).padStart(6)}`);
  process.exit(selected.every((name) => results.get(name)?.code === 0) ? 0 : 1);
}

// Passed on as an interrupt, which Playwright answers by stopping its web servers too.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => running.forEach((child) => process.kill(-child.pid, 'SIGINT')));

next();
