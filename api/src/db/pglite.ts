import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Db, Queryable, Row } from './types';

/**
 * PGlite is one Postgres backend in WASM with one connection: it serialises every query and holds an
 * exclusive lock for the whole of `transaction()`, so transactions never interleave. Row locks and
 * conditional updates are still written as for PostgreSQL so one code path is correct on both.
 */
// The instance and its Transaction share these two methods; typed structurally so one wrapper serves both.
interface PgliteLike {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(sql: string): Promise<unknown>;
}

/**
 * PGlite runs each query synchronously on this thread and hands the next one its turn through promise callbacks,
 * so a queue of requests can run query after query without the event loop ever polling the network. Under load
 * that starved new connections: the server accepted about one per pass of the loop, and their first requests
 * waited the whole load run. One turn of the loop before each query lets waiting sockets in.
 */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function openPglite(dataDir: string): Promise<Db> {
  const dir = path.join(dataDir, 'pglite');
  fs.mkdirSync(dir, { recursive: true });
  const pg = await PGlite.create({ dataDir: dir });
  const wrap = (q: PgliteLike): Queryable => ({
    async query<T = Row>(sql: string, params: unknown[] = []) {
      await yieldToEventLoop();
      const res = await q.query<T>(sql, params);
      return res.rows;
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  return {
    kind: 'pglite',
    ...wrap(pg),
    async tx<T>(fn: (q: Queryable) => Promise<T>) {
      return pg.transaction((t) => fn(wrap(t)));
    },
    async close() {
      await pg.close();
    },
  };
}
