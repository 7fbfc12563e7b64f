import type { Config } from '../config';
import { runMigrations } from './migrations';

export type Row = Record<string, unknown>;

/** What services need from a database: parameterised queries, and a transaction that hands out its own handle. */
export interface Queryable {
  query<T = Row>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Runs fn in one transaction; commits when it resolves, rolls back when it throws.
   * Inside fn only the given handle may be used: on PGlite the transaction holds the single connection.
   */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

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
