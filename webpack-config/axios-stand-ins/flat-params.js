// Stands in for axios' toFormData where it serialises a request's `params` (AxiosURLSearchParams): the portal's are
// flat (a page, an id, a code), so each is appended as toFormData's default visitor appends a flat value (null and
// undefined skipped, keys trimmed, a Date as ISO text, a boolean as text) and nested ones are refused.
export default function flatParams(params, target) {
  if (params === null || typeof params !== 'object') throw new TypeError('target must be an object');
  for (const key of Object.keys(params)) {
    const value = params[key];
    if (value === undefined || value === null) continue;
    if (typeof value === 'object' && !(value instanceof Date)) {
      throw new TypeError(
        `params.${key}: nested and array params are left out of the portal's axios (webpack-config/axios-subset.js)`,
      );
    }
    target.append(
      key.trim(),
      value instanceof Date ? value.toISOString() : typeof value === 'boolean' ? String(value) : value,
    );
  }
  return target;
}
