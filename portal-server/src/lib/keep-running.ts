// A child process started again whenever it stops, so one part ending never takes the others down with it.
import type { ChildProcess } from 'node:child_process';

// A process that stops again soon after a start waits longer each time, up to MAX_DELAY_MS.
const FIRST_DELAY_MS = 250;
const MAX_DELAY_MS = 5_000;

export type KeptRunning = {
  /** The process running now (a restarted one is a new process). */
  current: () => ChildProcess;
  /** Stops it for good: SIGTERM, and no restart; resolves once it has exited. */
  stop: () => Promise<void>;
};

/**
 * Runs `start()` and runs it again each time its process exits, for whatever reason, logging each stop: at once
 * after a process that ran a while, after a growing delay for one that keeps stopping (a port still taken, a
 * database not yet there), so a failing part is neither hammered nor given up on.
 */
export function keepRunning(
  name: string,
  start: () => ChildProcess,
  { log = console.error }: { log?: (message: string) => void } = {},
): KeptRunning {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let child: ChildProcess;
  const run = (restarts: number) => {
    const startedAt = Date.now();
    child = start();
    child.once('error', (error) => log(`${name} could not be started: ${error.message}`));
    child.once('close', (code, signal) => {
      if (stopped) return;
      const again = Date.now() - startedAt > MAX_DELAY_MS ? 0 : restarts + 1;
      const delay = again === 0 ? 0 : Math.min(FIRST_DELAY_MS * 2 ** (again - 1), MAX_DELAY_MS);
      log(`${name} stopped (${signal ?? `exit ${code}`}); starting it again${delay ? ` in ${delay} ms` : ''}.`);
      timer = setTimeout(() => run(again), delay);
    });
  };
  run(0);
  return {
    current: () => child,
    stop: () => {
      stopped = true;
      clearTimeout(timer);
      if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
      return new Promise((resolve) => {
        child.once('close', () => resolve());
        child.kill('SIGTERM');
      });
    },
  };
}
