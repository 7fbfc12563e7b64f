export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

export const DAY_MS = 24 * 60 * 60 * 1000;
export const addMs = (d: Date, ms: number) => new Date(d.getTime() + ms);
export const addDays = (d: Date, days: number) => addMs(d, days * DAY_MS);

/** A timestamp column as ISO text; a NOT NULL column (typed Date) gives a string, a nullable one string or null. */
export function toIso(v: Date): string;
export function toIso(v: unknown): string | null;
export function toIso(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  const d = v instanceof Date ? v : new Date(String(v));
  return d.toISOString();
}

/** BIGINT arrives as string (pg) or bigint/number (PGlite); money is whole naira so Number is exact. */
export const toNum = (v: unknown): number => Number(v);
