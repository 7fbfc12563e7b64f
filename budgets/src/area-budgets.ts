import fs from 'node:fs';
import path from 'node:path';
import { remotes, repoRoot, type Remote } from './first-load';

function read(pkg: string): Record<string, unknown> {
  const file = path.join(repoRoot, pkg, 'budget.json');
  if (!fs.existsSync(file)) throw new Error(`${pkg}/budget.json is missing: each app owns its size budgets (budgets/README.md)`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
}

/** A budget of `<pkg>/budget.json`, or an error naming the file and the key. */
function bytes(pkg: string, key: string, value: unknown): number {
  if (typeof value === 'number' && Number.isInteger(value) && value > 0) return value;
  throw new Error(`${pkg}/budget.json: ${key} must be a whole number of gzip bytes, not ${JSON.stringify(value)}`);
}

/**
 * The shell's `budget.json`: its part of every page (`startup`: the inline early-input script, main.js and the
 * start-up chunks with the shell's copy of each shared library) and what a customer's page adds (`customer`).
 */
export function shellBudget() {
  const json = read('shell');
  return { startup: bytes('shell', 'startup', json.startup), customer: bytes('shell', 'customer', json.customer) };
}

/** A remote's `budget.json`: its remote entry and the scripts each exposed page or dialog loads after it. */
export function remoteBudget(remote: Remote) {
  const pkg = remotes[remote];
  const json = read(pkg);
  const exposes = Object.entries((json.exposes ?? {}) as Record<string, unknown>).map(([name, value]) => [name, bytes(pkg, `exposes["${name}"]`, value)]);
  return { remoteEntry: bytes(pkg, 'remoteEntry', json.remoteEntry), exposes: Object.fromEntries(exposes) as Record<string, number> };
}
