import { formatPhoneNumber, joinPhoneNumber, phoneNumberError, splitPhoneNumber } from './phone';

describe('joinPhoneNumber', () => {
  it('strips a leading 0, spaces and hyphens before adding the country code', () => {
    expect(joinPhoneNumber('+234', '0801 234-5678')).toBe('+2348012345678');
    expect(joinPhoneNumber('+44', '7700900123')).toBe('+447700900123');
  });

  it('keeps a number typed whole with its own code instead of adding a second one', () => {
    expect(joinPhoneNumber('+234', '+234 801 234 5678')).toBe('+2348012345678');
    expect(joinPhoneNumber('+234', '+49 151 2345678')).toBe('+491512345678');
  });
});

describe('splitPhoneNumber', () => {
  it('finds the offered code a stored number starts with, longest first', () => {
    expect(splitPhoneNumber('+2548012345')).toEqual({ countryCode: '+254', localNumber: '8012345' });
    expect(splitPhoneNumber('+447700900123')).toEqual({ countryCode: '+44', localNumber: '7700900123' });
  });

  it('leaves a number with a code not offered whole, under the default code, so saving it keeps it', () => {
    const split = splitPhoneNumber('+491512345678');
    expect(split).toEqual({ countryCode: '+234', localNumber: '+491512345678' });
    expect(joinPhoneNumber(split.countryCode, split.localNumber)).toBe('+491512345678');
  });
});

describe('phoneNumberError', () => {
  it('accepts a Nigerian number with or without its leading 0, spaced or not', () => {
    expect(phoneNumberError('+234', '0803 123 4567')).toBeUndefined();
    expect(phoneNumberError('+234', '8031234567')).toBeUndefined();
    expect(phoneNumberError('+234', '+234 803 123 4567')).toBeUndefined();
  });

  it('refuses letters and numbers of the wrong length for the chosen code', () => {
    expect(phoneNumberError('+234', '0803abc4567')).toBe('Use digits only (spaces and hyphens are fine).');
    expect(phoneNumberError('+234', '12')).toBe('Enter 10 digits after +234 (a leading 0 is fine).');
    expect(phoneNumberError('+234', '080312345678')).toBe('Enter 10 digits after +234 (a leading 0 is fine).');
    expect(phoneNumberError('+254', '0712345678')).toBeUndefined();
    expect(phoneNumberError('+254', '71234567')).toBe('Enter 9 digits after +254 (a leading 0 is fine).');
    expect(phoneNumberError('+44', '7700900123')).toBeUndefined();
    expect(phoneNumberError('+44', '77009')).toBe('Enter 9 or 10 digits after +44 (a leading 0 is fine).');
  });

  it('holds a number with a code not offered to 7 to 15 digits in all', () => {
    expect(phoneNumberError('+234', '+49 151 2345678')).toBeUndefined();
    expect(phoneNumberError('+234', '+49 12')).toBe('Enter 7 to 15 digits, country code included.');
    expect(phoneNumberError('+234', '+4915123456789012')).toBe('Enter 7 to 15 digits, country code included.');
  });

  it('leaves an empty field to the required check', () => {
    expect(phoneNumberError('+234', '  ')).toBeUndefined();
  });
});

describe('formatPhoneNumber', () => {
  it('groups the digits after an offered code', () => {
    expect(formatPhoneNumber('+2348012345678')).toBe('+234 801 234 5678');
    expect(formatPhoneNumber('+254712345678')).toBe('+254 712 345 678');
    expect(formatPhoneNumber('+8613800138000')).toBe('+86 138 0013 8000');
  });

  it('shows anything else as stored', () => {
    expect(formatPhoneNumber('+491512345678')).toBe('+491512345678');
    expect(formatPhoneNumber('08012345678')).toBe('08012345678');
    expect(formatPhoneNumber(null)).toBe('');
  });
});
