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

const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ci-stages-'));
const started = Date.now();
/** Busy and idle milliseconds of every core since boot, to tell how much of the run the machine had spare. */
const coreTimes = () =>
  os.cpus().reduce(
    (sum, { times: { user, nice, sys, irq, idle } }) => ({ busy: sum.busy + user + nice + sys + irq, idle: sum.idle + idle }),
    { busy: 0, idle: 0 },
  );
const coresAtStart = coreTimes();
const seconds = (ms) => `${Math.round(ms / 1000)} s`;
const load = () => os.loadavg().map((n) => n.toFixed(2)).join(' ');
/** @type {Map<string, { ms: number, code: number, cpu: number }>} */
const done = new Map();
/** @type {Map<string, import('node:child_process').ChildProcess>} */
const running = new Map();

/** User + system seconds of a stage's children, from the second line of bash's `times` (`0m12.5s 0m1.2s`). */
function cpuSeconds(file) {
  try {
    const line = fs.readFileSync(file, 'utf8').trim().split('\n')[1] ?? '';
    const total = [...line.matchAll(/(\d+)m([\d.]+)s/g)].reduce((sum, [, m, sec]) => sum + Number(m) * 60 + Number(sec), 0);
    return Math.round(total);
  } catch {
    return 0;
  }
}

function start(name) {
  const { script, background = false, env = {} } = stages[name];
  const log = path.join(logDir, `${name}.log`);
  const out = fs.openSync(log, 'w');
  const t0 = Date.now();
  console.log(`stage ${name}: started at ${seconds(t0 - started)} (load average ${load()})`);
  // bash's `times` after the script: the CPU its whole process tree used, so the summary shows how busy the cores were.
  const cpuFile = path.join(logDir, `${name}.cpu`);
  const run = ['bash', '-c', 'npm run --silent "$0"; code=$?; times > "$1"; exit $code', script, cpuFile];
  const [command, ...args] = background ? ['nice', '-n', '10', ...run] : run;
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
    const cpu = cpuSeconds(cpuFile);
    done.set(name, { ms, code: code ?? 1, cpu });
    process.stdout.write(fs.readFileSync(log));
    console.log(`stage ${name}: ${code === 0 ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${seconds(ms)}, ${cpu} s of CPU`);
    next();
  });
}

/** Whether `name` has started or still can: each stage it needs has passed, or still can. */
function willRun(name) {
  if (done.has(name) || running.has(name)) return true;
  const needs = (stages[name].needs ?? []).filter((need) => selected.includes(need));
  return needs.every((need) => (done.has(need) ? done.get(need).code === 0 : willRun(need)));
}

function next() {
  for (const name of selected) {
    if (done.has(name) || running.has(name)) continue;
    const needs = (stages[name].needs ?? []).filter((need) => selected.includes(need));
    const after = (stages[name].after ?? []).filter((stage) => selected.includes(stage));
    if (needs.every((need) => done.get(need)?.code === 0) && after.every((stage) => done.has(stage) || !willRun(stage))) start(name);
  }
  if (running.size > 0) return;
  console.log('\nstage times (wall, CPU):');
  let cpu = 0;
  for (const name of selected) {
    const result = done.get(name);
    cpu += result?.cpu ?? 0;
    const times = result ? `${seconds(result.ms).padStart(6)} ${`${result.cpu} s`.padStart(7)}${result.code === 0 ? '' : '  FAILED'}` : '   not run';
    console.log(`  ${name.padEnd(10)} ${times}`);
  }
  const wall = Date.now() - started;
  console.log(`  ${'total'.padEnd(10)} ${seconds(wall).padStart(6)} ${`${cpu} s`.padStart(7)} (load average ${load()})`);
  // The stages' own figures miss processes their parents never wait for (the browsers); the machine's counters do not.
  const now = coreTimes();
  const busy = now.busy - coresAtStart.busy;
  const idle = now.idle - coresAtStart.idle;
  console.log(
    `  machine: ${seconds(busy)} of CPU busy, ${seconds(idle)} idle: ${((os.cpus().length * busy) / (busy + idle)).toFixed(2)} of ${os.cpus().length} cores busy on average`,
  );
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
