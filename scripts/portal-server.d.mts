// Types for the parts of portal-server.mjs that TypeScript code (the e2e tests) imports.
import type { IncomingMessage, ServerResponse } from 'node:http';

export type ApiProxy = ((req: IncomingMessage, res: ServerResponse) => void) & { close(): void };

export function createApiProxy(target: string): ApiProxy;
