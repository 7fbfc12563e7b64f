import assertParamsAcyclic from './assert-params-acyclic.js';

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

// Stands in for mergeConfig's mergeParams, which copies nested params without merging them and checks the copy for
// cycles: flat params are copied as it copies them (the instance's keys in order, then the call's new ones, a call's
// value over the instance's), and nested ones are refused as assert-params-acyclic.js refuses them.
export function mergeFlatParams(a, b, utils, ownEnumerableKeys) {
  const [base, source] = utils.isUndefined(b) ? [undefined, a] : [a, b];
  if (!utils.isPlainObject(source)) {
    const copy = utils.isArray(source) ? source.slice() : source;
    assertParamsAcyclic(copy);
    return copy;
  }
  const from = utils.isPlainObject(base) ? base : {};
  const own = new Set(ownEnumerableKeys(source));
  const result = {};
  for (const key of new Set([...ownEnumerableKeys(from), ...own])) {
    if (key !== '__proto__' && key !== 'constructor' && key !== 'prototype')
      result[key] = own.has(key) ? source[key] : from[key];
  }
  assertParamsAcyclic(result);
  return result;
}
