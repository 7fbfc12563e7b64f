import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { RouteOptions } from 'fastify';
import { addMs } from '../lib/time';
import type { Ctx } from '../services/context';

type IncrCallback = (err: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A @fastify/rate-limit store kept in the database, so every API instance on one database counts the same
 * requests (the plugin's default store is per process). Fixed windows: the first hit of a key opens one of
 * `timeWindow` ms, each later hit in it counts once, all in one atomic upsert.
 */
export function databaseRateLimitStore(ctx: Ctx) {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    // The plugin constructs the root store with its options object and children with their route's prefix.
    constructor(prefix?: unknown) {
      this.prefix = typeof prefix === 'string' ? prefix : '';
    }

    incr(key: string, cb: IncrCallback, timeWindow: number) {
      const now = ctx.clock();
      ctx.db
        .query<{ hits: number; reset_at: Date }>(
          `INSERT INTO rate_limit_counters AS c (key, hits, reset_at) VALUES ($1, 1, $3)
           ON CONFLICT (key) DO UPDATE SET
             hits = CASE WHEN c.reset_at <= $2 THEN 1 ELSE c.hits + 1 END,
             reset_at = CASE WHEN c.reset_at <= $2 THEN $3 ELSE c.reset_at END
           RETURNING hits, reset_at`,
          [this.prefix + key, now, addMs(now, timeWindow)],
        )
        .then(
          ([row]) => cb(null, { current: Number(row!.hits), ttl: Math.max(0, new Date(row!.reset_at).getTime() - now.getTime()) }),
          (err: Error) => cb(err),
        );
    }

    read(key: string, cb: IncrCallback) {
      const now = ctx.clock();
      ctx.db
        .query<{ hits: number; reset_at: Date }>('SELECT hits, reset_at FROM rate_limit_counters WHERE key = $1 AND reset_at > $2', [
          this.prefix + key,
          now,
        ])
        .then(
          ([row]) => cb(null, row ? { current: Number(row.hits), ttl: new Date(row.reset_at).getTime() - now.getTime() } : { current: 0, ttl: 0 }),
          (err: Error) => cb(err),
        );
    }

    /** Each route with its own limit counts separately, as with the plugin's own stores. */
    child(routeOptions: RouteOptions & { path: string; prefix: string }): FastifyRateLimitStore {
      // The plugin's types name the route's options, but it passes its merged limit settings with the route in routeInfo.
      const info = (routeOptions as unknown as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo ?? {};
      return new DatabaseRateLimitStore(`${this.prefix}${String(info.method ?? '')} ${String(info.url ?? '')}|`);
    }
  };
}
