import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createServer } from './app';
import type { Db } from './db';

const refuse = () => Promise.reject(new Error('no database: this app only answers the OpenAPI document'));

/** Serving the OpenAPI document reads no data, so a database that refuses every query is enough. */
const noDb: Db = { kind: 'pglite', query: refuse, exec: refuse, tx: refuse, close: () => Promise.resolve() };

/** The API app with every route and schema but no database or port, for reading its OpenAPI document in-process. */
export async function contractApp() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-contract-'));
  const handle = await createServer({ env: {}, db: noDb, logger: false, consoleOutbox: false, config: { dataDir, operatorToken: 'x'.repeat(32) } });
  await handle.app.ready();
  return {
    app: handle.app,
    async close() {
      await handle.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
