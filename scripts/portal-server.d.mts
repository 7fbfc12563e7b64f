// Types for the parts of portal-server.mjs that TypeScript code (the e2e tests) imports.
import type { IncomingMessage, ServerResponse } from 'node:http';

export type ApiProxy = ((req: IncomingMessage, res: ServerResponse) => void) & { close(): void };

export function createApiProxy(target: string): ApiProxy;

export type ExposeChunkDirectory = {
  warm(timeout?: number): Promise<void>;
  scripts(remote: string, module: string): Promise<string[]>;
  versionedEntry(remote: string, options?: { waitIfStale?: boolean }): Promise<string | null>;
};

export function exposeChunkDirectory(
  config: { remotes?: Record<string, string> },
  options?: { maxAgeMs?: number; timeoutMs?: number; retryMs?: number },
): ExposeChunkDirectory;

export function placeholderSettings(env?: Record<string, string | undefined>): string[];
export function placeholderWarning(env?: Record<string, string | undefined>): string | null;
