import fs from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import { ReleaseError } from './errors';

/** How long a command waits for another one's promotion before giving up. */
const WAIT_MS = 30_000;
/** A lock not refreshed for this long belongs to a process that died: it is taken over. */
const STALE_MS = 10_000;
const POLL_MS = 20;

const sleeper = new Int32Array(new SharedArrayBuffer(4));
const sleep = (ms: number) => Atomics.wait(sleeper, 0, 0, ms);

/** Store folders this process holds the lock of: a locked step may call another one. */
const held = new Set<string>();

export const lockPath = (storeDir: string) => path.join(storeDir, '.lock');

/**
 * Runs `fn` holding the store's lock (proper-lockfile: a directory made atomically, refreshed while held, taken over
 * once stale), so every check and the write it decides are one step for every process that releases or promotes.
 * The store's commands are synchronous, so it waits by polling rather than with the library's async retries.
 */
export function withStoreLock<T>(storeDir: string, fn: () => T): T {
  const dir = path.resolve(storeDir);
  if (held.has(dir)) return fn();
  fs.mkdirSync(dir, { recursive: true });
  const deadline = Date.now() + WAIT_MS;
  let unlock: () => void;
  for (;;) {
    try {
      unlock = lockfile.lockSync(dir, {
        lockfilePath: lockPath(dir),
        stale: STALE_MS,
        realpath: false,
        // Taken over by another process after a long pause: that one's write is already ordered after ours.
        onCompromised: () => undefined,
      });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
      if (Date.now() > deadline) {
        throw new ReleaseError(
          `Another release command has held ${lockPath(dir)} for over ${WAIT_MS / 1000} s: wait for it to finish, or remove that folder if no release command is running.`,
        );
      }
      sleep(POLL_MS);
    }
  }
  held.add(dir);
  try {
    return fn();
  } finally {
    held.delete(dir);
    unlock();
  }
}
