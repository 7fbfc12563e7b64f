// What services need from a database, which both drivers implement (index.ts picks one).
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
