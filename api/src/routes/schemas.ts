/** Small JSON-schema builders so each route states exactly what it accepts. */
export const str = (min = 1, max = 255, extra: Record<string, unknown> = {}) => ({ type: 'string', minLength: min, maxLength: max, ...extra });
export const EMAIL = str(3, 254, { pattern: '^\\s*[^\\s@]+@[^\\s@]+\\.[^\\s@]+\\s*$' });
export const PHONE = str(7, 24, { pattern: '^\\s*\\+?[0-9][0-9 ()\\-]{5,22}\\s*$' });
export const PASSWORD = str(6, 128);
export const ID = { type: 'integer', minimum: 1, maximum: 2147483647 };
export const CODE = str(1, 12);

export const obj = (properties: Record<string, unknown>, required: string[] = Object.keys(properties)) => ({
  type: 'object',
  properties,
  required,
});

/** A body wrapped in one key, as the portal sends (e.g. { starlink_user: {...} }). */
export const wrapped = (key: string, inner: Record<string, unknown>) => obj({ [key]: inner });
