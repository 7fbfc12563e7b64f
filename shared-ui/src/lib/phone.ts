/**
 * Spec section 3: the country codes offered, +234 NG first and default. `digits` is how many digits a mobile number
 * has after its country code (its national significant number, a leading 0 dropped), from each country's numbering
 * plan. A number typed whole with another code ("+49 …") only has to have 7 to 15 digits in all (ITU-T E.164).
 */
export const countryCodes = [
  { code: '+234', country: 'NG', digits: [10, 10] },
  { code: '+1', country: 'US', digits: [10, 10] },
  { code: '+44', country: 'GB', digits: [9, 10] },
  { code: '+91', country: 'IN', digits: [10, 10] },
  { code: '+86', country: 'CN', digits: [10, 11] },
  { code: '+27', country: 'ZA', digits: [9, 9] },
  { code: '+254', country: 'KE', digits: [9, 9] },
  { code: '+255', country: 'TZ', digits: [9, 9] },
  { code: '+256', country: 'UG', digits: [9, 9] },
  { code: '+251', country: 'ET', digits: [9, 9] },
] as const;

export const DEFAULT_COUNTRY_CODE = '+234';

/** ITU-T E.164: a whole number, country code included, has at most 15 digits; 7 is the shortest in use. */
export const PHONE_TOTAL_DIGITS = { min: 7, max: 15 } as const;

type CountryCode = (typeof countryCodes)[number];

const longestCodeFirst = [...countryCodes].sort((a, b) => b.code.length - a.code.length);

function countryOf(full: string): CountryCode | undefined {
  return longestCodeFirst.find((c) => full.startsWith(c.code));
}

/**
 * Spec section 5: a leading 0 is stripped before the country code is added. A number typed or pasted whole, with
 * its own "+" code, is kept as it is: "+2348012345678" in the field must not become "+234+2348012345678".
 */
export function joinPhoneNumber(countryCode: string, localNumber: string): string {
  const typed = localNumber.replace(/[\s-]/g, '');
  if (typed.startsWith('+')) return typed;
  return `${countryCode}${typed.replace(/^0/, '')}`;
}

/** Split a stored "+2348012345678" back into the picker's code and the local part. */
export function splitPhoneNumber(full: string | null | undefined): { countryCode: string; localNumber: string } {
  const value = (full ?? '').trim();
  const match = countryOf(value);
  if (!match) return { countryCode: DEFAULT_COUNTRY_CODE, localNumber: value };
  return { countryCode: match.code, localNumber: value.slice(match.code.length) };
}

function digitCount([min, max]: readonly [number, number]): string {
  return min === max ? `${min} digits` : `${min} or ${max} digits`;
}

/**
 * What is wrong with a phone number as typed beside `countryCode`, in words for the field's message, or undefined
 * when it is a plausible number (an empty field is the caller's "required" check). Spaces and hyphens are allowed,
 * as `joinPhoneNumber` removes them.
 */
export function phoneNumberError(countryCode: string, localNumber: string): string | undefined {
  const typed = localNumber.trim();
  if (!typed) return undefined;
  if (!/^\+?[\d\s-]+$/.test(typed)) return 'Use digits only (spaces and hyphens are fine).';
  const full = joinPhoneNumber(countryCode, typed);
  const total = full.length - 1;
  const country = countryOf(full);
  // A "+" number whose code is not offered is only held to the E.164 length.
  if (!country) {
    return total >= PHONE_TOTAL_DIGITS.min && total <= PHONE_TOTAL_DIGITS.max
      ? undefined
      : `Enter ${PHONE_TOTAL_DIGITS.min} to ${PHONE_TOTAL_DIGITS.max} digits, country code included.`;
  }
  const national = full.length - country.code.length;
  const [min, max] = country.digits;
  if (national >= min && national <= max && total <= PHONE_TOTAL_DIGITS.max) return undefined;
  return `Enter ${digitCount(country.digits)} after ${country.code} (a leading 0 is fine).`;
}

function groups(digits: string): string[] {
  switch (digits.length) {
    case 9:
      return [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6)];
    case 10:
      return [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6)];
    case 11:
      return [digits.slice(0, 3), digits.slice(3, 7), digits.slice(7)];
    default:
      return digits.match(/.{1,3}/g) ?? [digits];
  }
}

/**
 * A stored number for reading: "+2348012345678" → "+234 801 234 5678". A number that is not a "+" code followed by
 * digits, or whose code is not offered, is shown as stored.
 */
export function formatPhoneNumber(full: string | null | undefined): string {
  const value = (full ?? '').trim();
  const country = countryOf(value);
  const national = country ? value.slice(country.code.length) : '';
  if (!country || !/^\d+$/.test(national)) return value;
  return [country.code, ...groups(national)].join(' ');
}
