import pg from 'pg';
import type { Db, Queryable, Row } from './types';

// BIGINT and NUMERIC arrive as strings from node-postgres; money columns are converted explicitly where read.

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export async function openPostgres(url: string, schema?: string): Promise<Db> {
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) throw new Error(`Invalid schema name "${schema}"`);
  if (schema) {
    // Create the schema with a short-lived client so the pool can pin search_path from its first connection.
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    } finally {
      await admin.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);

  const db: Db = {
    kind: 'postgres',
    async query<T = Row>(sql: string, params: unknown[] = []) {
      const res = await pool.query(sql, params);
      return res.rows as T[];
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async tx<T>(fn: (q: Queryable) => Promise<T>) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const handle: Queryable = {
          async query<R = Row>(sql: string, params: unknown[] = []) {
            const res = await client.query(sql, params);
            return res.rows as R[];
          },
          async exec(sql: string) {
            await client.query(sql);
          },
        };
        const result = await fn(handle);
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
  return db;
}
