// What the supervisor and each app's server process tell each other over their IPC channel.
import type { AppName, PortalConfig } from './config';

/** The start-up options a worker reads from its environment (PORTAL_SERVER_WORKER, JSON). */
export type WorkerOptions = {
  app: AppName;
  port: number;
  host: string;
  config: PortalConfig;
  apiProxy: string | null;
  apiTimeoutMs?: number;
  sourceMaps: boolean;
  /** The roots when the worker started, used until the supervisor answers (and if it ever cannot). */
  roots: string[];
};

export type ToWorker = { type: 'roots'; id: number; roots: string[] } | { type: 'warm' };

export type FromWorker =
  | { type: 'listening' }
  | { type: 'failed'; message: string }
  | { type: 'roots?'; id: number }
  | { type: 'warmed' };
