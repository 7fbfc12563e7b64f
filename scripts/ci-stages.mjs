// `npm test`: every check of the repository as stages, each started as soon as the stages it needs have passed, so
// the independent ones share the machine; each stage's output is printed whole when it ends, with its time.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Each stage is a root npm script (package.json says what it runs), with the stages it needs and its environment.
 * The test build leaves out what no test reads (webpack-config/README.md, "Build profiles").
 */
const stages = {
  lint: { script: 'lint' },
  typecheck: { script: 'typecheck' },
  jest: { script: 'test:unit' },
  build: { script: 'build', env: { PORTAL_BUILD_PROFILE: 'test' } },
  budgets: { script: 'test:budgets', needs: ['build'] },
  // The redeploy and ship-area specs rebuild a remote under the running servers: with the same profile.
  e2e: { script: 'test:e2e', needs: ['build'], env: { PORTAL_BUILD_PROFILE: 'test' } },
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
let failed = false;

function start(name) {
  const { script, env = {} } = stages[name];
  const log = path.join(logDir, `${name}.log`);
  const out = fs.openSync(log, 'w');
  const t0 = Date.now();
  console.log(`stage ${name}: started at ${seconds(t0 - started)} (load average ${load()})`);
  // Its own process group, so a failure elsewhere stops the whole tree (Playwright's servers, jest's workers).
  const child = spawn('npm', ['run', '--silent', script], {
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
    // A stage stopped because another failed says nothing worth reading.
    if (!(failed && signal)) process.stdout.write(fs.readFileSync(log));
    console.log(`stage ${name}: ${code === 0 ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${seconds(ms)}`);
    if (code !== 0 && !failed) {
      failed = true;
      for (const [, other] of running) process.kill(-other.pid, 'SIGTERM');
    }
    next();
  });
}

function next() {
  if (!failed) {
    for (const name of selected) {
      if (done.has(name) || running.has(name)) continue;
      const needs = (stages[name].needs ?? []).filter((need) => selected.includes(need));
      if (needs.every((need) => done.get(need)?.code === 0)) start(name);
    }
  }
  if (running.size > 0) return;
  console.log('\nstage times:');
  for (const name of selected) {
    const result = done.get(name);
    console.log(`  ${name.padEnd(10)} ${result ? `${seconds(result.ms).padStart(6)}${result.code === 0 ? '' : '  FAILED'}` : '   not run'}`);
  }
  console.log(`  ${'total'.padEnd(10)} ${seconds(Date.now() - started).padStart(6)} (load average ${load()})`);
  fs.rmSync(logDir, { recursive: true, force: true });
  process.exit(failed || done.size < selected.length ? 1 : 0);
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const [, child] of running) process.kill(-child.pid, 'SIGTERM');
    process.exit(1);
  });
}

next();
