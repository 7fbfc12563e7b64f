import { groupThousands } from 'shared-ui/format';

/**
 * The amount field as a person types it: "120000" shows as "120,000", and "120,000" is read back as
 * 120000. Only whole naira are accepted, because bank transfers into the wallet are credited in naira.
 */
const DIGITS_AND_SEPARATORS = /^[\d,\s]*$/;

/** Regroups the digits while the text is only digits and separators; anything else is left for validation to explain. */
export function formatAmountInput(text: string): string {
  if (!DIGITS_AND_SEPARATORS.test(text)) return text;
  const digits = text.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  if (digits === '') return '';
  // Beyond safe integers the formatter would round: leave such text as typed for validation to reject.
  if (digits.length > 15) return digits;
  return groupThousands(Number(digits));
}

export function amountToInput(amount: number | undefined): string {
  if (amount === undefined || !Number.isFinite(amount) || amount <= 0) return '';
  return formatAmountInput(String(Math.ceil(amount)));
}

export type AmountResult = { ok: true; amount: number } | { ok: false; error: string };

export const amountMessages = {
  required: 'Enter the amount you want to fund.',
  notNumber: 'Enter the amount as a number, for example 120,000.',
  notPositive: 'The amount must be greater than zero.',
  wholeNaira: 'Enter the amount in whole naira, without kobo.',
  tooLarge: 'That amount is too large. Enter a smaller amount.',
} as const;

export function parseAmountInput(text: string): AmountResult {
  const compact = text.replace(/[,\s]/g, '');
  if (compact === '') return { ok: false, error: amountMessages.required };
  if (!/^[-+]?(\d+(\.\d*)?|\.\d+)$/.test(compact)) return { ok: false, error: amountMessages.notNumber };
  const value = Number(compact);
  if (!Number.isFinite(value)) return { ok: false, error: amountMessages.notNumber };
  if (value <= 0) return { ok: false, error: amountMessages.notPositive };
  if (!Number.isInteger(value)) return { ok: false, error: amountMessages.wholeNaira };
  if (!Number.isSafeInteger(value)) return { ok: false, error: amountMessages.tooLarge };
  return { ok: true, amount: value };
}

/** Where the caret belongs after regrouping: after the same number of digits as before. */
export function caretAfterDigits(formatted: string, digitsBefore: number): number {
  if (digitsBefore <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i += 1) {
    if (/\d/.test(formatted[i]!)) seen += 1;
    if (seen === digitsBefore) return i + 1;
  }
  return formatted.length;
}
