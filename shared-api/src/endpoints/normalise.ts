import type { Kit } from '../types';
import { amountOf } from './amount';

/**
 * What the spec lets any server send, turned into the portal's strict types here and nowhere else: amounts as
 * numbers (a server may send "120,000.00", `amount.ts`), and entities with or without their wrapper key.
 */
export const withAmount = <T extends { amount: unknown }>(entity: T): T & { amount: number } => ({ ...entity, amount: amountOf(entity.amount) });

/** The entity under `key` ({ kit: {...} }, as section 7 says), or the answer itself when a server sends it bare. */
export function unwrap<T extends { id?: unknown }>(data: unknown, key: string): T {
  const wrapped = data && typeof data === 'object' ? (data as Record<string, unknown>)[key] : undefined;
  const found = (wrapped && typeof wrapped === 'object' ? wrapped : data) as T | null | undefined;
  if (!found || typeof found !== 'object' || found.id === undefined || found.id === null) throw new Error(`No ${key} in the answer`);
  return found;
}

export const kitOf = (data: unknown): Kit => unwrap<Kit>(data, 'kit');
