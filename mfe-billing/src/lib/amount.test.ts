import { amountMessages, amountToInput, caretAfterDigits, formatAmountInput, parseAmountInput } from './amount';

describe('amount input', () => {
  it.each([
    ['120000', '120,000'],
    ['120,000', '120,000'],
    ['1200,00', '120,000'],
    ['0500', '500'],
    ['', ''],
    ['12a', '12a'],
    ['-5', '-5'],
  ])('formats %p as %p', (typed, shown) => {
    expect(formatAmountInput(typed)).toBe(shown);
  });

  it.each([
    ['120,000', 120000],
    ['120 000', 120000],
    ['5', 5],
  ])('reads %p as %p', (typed, amount) => {
    expect(parseAmountInput(typed)).toEqual({ ok: true, amount });
  });

  it.each([
    ['', amountMessages.required],
    ['abc', amountMessages.notNumber],
    ['12e3', amountMessages.notNumber],
    ['0', amountMessages.notPositive],
    ['-500', amountMessages.notPositive],
    ['100.50', amountMessages.wholeNaira],
    ['99999999999999999', amountMessages.tooLarge],
  ])('rejects %p with a clear message', (typed, error) => {
    expect(parseAmountInput(typed)).toEqual({ ok: false, error });
  });

  it('prefills an amount due, rounded up to whole naira', () => {
    expect(amountToInput(45000.5)).toBe('45,001');
    expect(amountToInput(undefined)).toBe('');
  });

  it('keeps the caret after the same digits once regrouped', () => {
    expect(caretAfterDigits('1,234', 2)).toBe(3);
    expect(caretAfterDigits('1,234', 4)).toBe(5);
    expect(caretAfterDigits('1,234', 0)).toBe(0);
  });
});
