// Apart from the entities' normalisation (normalise.ts): the error type reads an amount due on every page, a guest's
// included, while the entities are only customers' (`shared-api/customer`).

/** An amount as a number ("120,000.00" → 120000), or undefined when the value is none. */
export function parseAmount(value: unknown): number | undefined {
  const n = typeof value === 'string' ? Number(value.replace(/,/g, '')) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}

/** An amount as a number, 0 when the value is none. */
export const amountOf = (value: unknown): number => parseAmount(value) ?? 0;
