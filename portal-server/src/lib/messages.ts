// What the supervisor and each app's server process tell each other over their IPC channel.
import type { AppName } from './config';

/** The start-up options a worker reads from its environment (PORTAL_SERVER_WORKER, JSON). */
export type WorkerOptions = {
  app: AppName;
  port: number;
  host: string;
  apiProxy: string | null;
  apiTimeoutMs?: number;
  sourceMaps: boolean;
  siteDir: string;
};

export type FromWorker = { type: 'listening' } | { type: 'failed'; message: string };
