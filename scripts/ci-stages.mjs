// `npm test`: every check of the repository as stages, each started as soon as the stages it needs have passed, so
// the independent ones share the machine; each stage's output is printed whole when it ends, with its time. A failed
// stage stops the stages that need it; the ones already running finish, so one run shows every failure.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Each stage is a root npm script (package.json says what it runs), with the stages it needs and its environment.
 * `background`: runs at a lower CPU priority, so the stages that wait on timers (jest's UI tests, the browsers) get
 * the cores first; the total work, and so the time the last stage ends, stays the same.
 * The test build leaves out what no test reads (webpack-config/README.md, "Build profiles").
 */
const stages = {
  lint: { script: 'lint', background: true },
  typecheck: { script: 'typecheck', background: true },
  'api-types': { script: 'test:api-types', background: true },
  jest: { script: 'test:unit' },
  build: { script: 'build', background: true, env: { PORTAL_BUILD_PROFILE: 'test' } },
  budgets: { script: 'test:budgets', needs: ['build'] },
  // The redeploy and ship-area specs rebuild a remote under the running servers: with the same profile. After jest:
  // on two cores, the API's process-killing and racing suites beside five browsers' servers overrun their timeouts.
  e2e: { script: 'test:e2e', needs: ['build', 'jest'], env: { PORTAL_BUILD_PROFILE: 'test' } },
};

const only = process.argv.slice(2);
for (const name of only) if (!(name in stages)) throw new Error(`unknown stage ${name}; stages: ${Object.keys(stages).join(', ')}`);
const selected = only.length > 0 ? only : Object.keys(stages);

const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ci-stages-'));
const started = Date.now();
const seconds = (ms) => `${Math.round(ms / 1000)} s`;
const load = () => os.loadavg().map((n) => n.toFixed(2)).join(' ');
/** @type {Map<string, { ms: number, code: number }>} */
const done = new Map();
/** @type {Map<string, import('node:child_process').ChildProcess>} */
const running = new Map();

function start(name) {
  const { script, background = false, env = {} } = stages[name];
  const log = path.join(logDir, `${name}.log`);
  const out = fs.openSync(log, 'w');
  const t0 = Date.now();
  console.log(`stage ${name}: started at ${seconds(t0 - started)} (load average ${load()})`);
  const npm = ['npm', 'run', '--silent', script];
  const [command, ...args] = background ? ['nice', '-n', '10', ...npm] : npm;
  // Its own process group, so an interrupt reaches the whole tree (Playwright's servers, jest's workers).
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0', ...env },
    stdio: ['ignore', out, out],
    detached: true,
  });
  running.set(name, child);
  child.on('exit', (code, signal) => {
    fs.closeSync(out);
    running.delete(name);
    const ms = Date.now() - t0;
    done.set(name, { ms, code: code ?? 1 });
    process.stdout.write(fs.readFileSync(log));
    console.log(`stage ${name}: ${code === 0 ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${seconds(ms)}`);
    next();
  });
}

function next() {
  for (const name of selected) {
    if (done.has(name) || running.has(name)) continue;
    const needs = (stages[name].needs ?? []).filter((need) => selected.includes(need));
    if (needs.every((need) => done.get(need)?.code === 0)) start(name);
  }
  if (running.size > 0) return;
  console.log('\nstage times:');
  for (const name of selected) {
    const result = done.get(name);
    console.log(`  ${name.padEnd(10)} ${result ? `${seconds(result.ms).padStart(6)}${result.code === 0 ? '' : '  FAILED'}` : '   not run'}`);
  }
  console.log(`  ${'total'.padEnd(10)} ${seconds(Date.now() - started).padStart(6)} (load average ${load()})`);
  fs.rmSync(logDir, { recursive: true, force: true });
  process.exit(selected.every((name) => done.get(name)?.code === 0) ? 0 : 1);
}

// Passed on as an interrupt, which Playwright answers by stopping its web servers too.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const [, child] of running) process.kill(-child.pid, 'SIGINT');
  });
}

next();
