import type { Config } from '../config';
import { runMigrations } from './migrations';

// The drivers implement these types from a module of their own, so they never import the module that loads them.
export type { Db, Queryable, Row } from './types';
import type { Db } from './types';

export interface OpenDbOptions {
  databaseUrl?: string;
  databaseSchema?: string;
  dataDir: string;
}

export async function openDb(opts: OpenDbOptions): Promise<Db> {
  let db: Db;
  if (opts.databaseUrl) {
    const { openPostgres } = await import('./postgres');
    db = await openPostgres(opts.databaseUrl, opts.databaseSchema);
  } else {
    const { openPglite } = await import('./pglite');
    db = await openPglite(opts.dataDir);
  }
  try {
    await runMigrations(db);
  } catch (err) {
    await db.close();
    throw err;
  }
  return db;
}

export function dbOptionsFromConfig(config: Config): OpenDbOptions {
  return { databaseUrl: config.databaseUrl, databaseSchema: config.databaseSchema, dataDir: config.dataDir };
}
