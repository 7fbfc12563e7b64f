import { amountOf } from './amount';

/**
 * Amounts as numbers whatever the server sent ("120,000.00", `amount.ts`), for the shared reads; an area's own calls
 * normalise their own answers.
 */
export const withAmount = <T extends { amount: unknown }>(entity: T): T & { amount: number } => ({ ...entity, amount: amountOf(entity.amount) });
