import fs from 'node:fs';
import path from 'node:path';
import { remotes, repoRoot, type Remote } from './first-load';

/**
 * The shell's `budget.json`: its part of every page (the inline early-input script, main.js and the start-up
 * chunks with the shell's copy of each shared library) and what a customer's page adds (the API client, the
 * customer's parts of shared-api, the shell's customer-only chunks).
 */
export interface ShellBudget {
  startup: number;
  customer: number;
}

/** A remote's `budget.json`: its remote entry and the scripts each exposed page or dialog loads after it. */
export interface RemoteBudget {
  remoteEntry: number;
  exposes: Record<string, number>;
}

const budgetFile = (pkg: string) => path.join(repoRoot, pkg, 'budget.json');

function read(pkg: string): Record<string, unknown> {
  const file = budgetFile(pkg);
  if (!fs.existsSync(file)) throw new Error(`${pkg}/budget.json is missing: each app owns its size budgets (budgets/README.md)`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
}

function bytes(pkg: string, key: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0) {
    throw new Error(`${pkg}/budget.json: ${key} must be a whole number of gzip bytes, not ${JSON.stringify(value)}`);
  }
  return value;
}

export function shellBudget(): ShellBudget {
  const json = read('shell');
  return { startup: bytes('shell', 'startup', json.startup), customer: bytes('shell', 'customer', json.customer) };
}

export function remoteBudget(remote: Remote): RemoteBudget {
  const pkg = remotes[remote];
  const json = read(pkg);
  const exposes = (json.exposes ?? {}) as Record<string, unknown>;
  return {
    remoteEntry: bytes(pkg, 'remoteEntry', json.remoteEntry),
    exposes: Object.fromEntries(Object.entries(exposes).map(([name, value]) => [name, bytes(pkg, `exposes["${name}"]`, value)])),
  };
}
