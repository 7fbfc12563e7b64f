/** Spec section 3: the country codes offered, +234 NG first and default. */
export const countryCodes = [
  { code: '+234', country: 'NG' },
  { code: '+1', country: 'US' },
  { code: '+44', country: 'GB' },
  { code: '+91', country: 'IN' },
  { code: '+86', country: 'CN' },
  { code: '+27', country: 'ZA' },
  { code: '+254', country: 'KE' },
  { code: '+255', country: 'TZ' },
  { code: '+256', country: 'UG' },
  { code: '+251', country: 'ET' },
] as const;

export const DEFAULT_COUNTRY_CODE = '+234';

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
  const match = [...countryCodes]
    .sort((a, b) => b.code.length - a.code.length)
    .find((c) => value.startsWith(c.code));
  if (!match) return { countryCode: DEFAULT_COUNTRY_CODE, localNumber: value };
  return { countryCode: match.code, localNumber: value.slice(match.code.length) };
}
