import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The API as a separate process (`tsx src/main.ts`), for the crash test and the load script. */
export interface ApiProcess {
  url: string;
  child: ChildProcess;
  /** Resolves when the process has exited. */
  exited: Promise<number | null>;
  output(): string;
}

const API_DIR = path.resolve(__dirname, '..');
const TSX_LOADER = require.resolve('tsx', { paths: [API_DIR] });

export async function spawnApi(env: Record<string, string>, timeoutMs = 60_000): Promise<ApiProcess> {
  // node itself runs the server (tsx as a loader, not the tsx CLI, which would put a second process in between
  // and a SIGKILL would hit only the wrapper).
  if (!fs.existsSync(TSX_LOADER)) throw new Error(`tsx not found at ${TSX_LOADER}`);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: API_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: '0',
      SCRYPT_COST: '1024',
      SWEEP_INTERVAL_SECONDS: '0',
      LOG_LEVEL: 'error',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`API did not start within ${timeoutMs} ms:\n${out}`));
    }, timeoutMs);
    const check = () => {
      const m = /API listening on (http:\/\/[^\s]+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout!.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`API exited (${code}) before listening:\n${out}`));
    });
  });
  return { url, child, exited, output: () => out };
}

/** SIGTERM, then SIGKILL if it has not exited in time. */
export async function stopApi(p: ApiProcess, graceMs = 15_000): Promise<void> {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return;
  p.child.kill('SIGTERM');
  const timer = setTimeout(() => p.child.kill('SIGKILL'), graceMs);
  await p.exited;
  clearTimeout(timer);
}
