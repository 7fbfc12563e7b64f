import type { Config } from '../config';
import type { Db } from '../db';
import type { Clock } from '../lib/time';
import type { Outbox } from '../outbox';

/** What every service function needs; built once per server. */
export interface Ctx {
  db: Db;
  config: Config;
  outbox: Outbox;
  clock: Clock;
}
