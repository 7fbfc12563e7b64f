// Stands in for axios' assertParamsAcyclic, which mergeConfig runs on every merged `params`: the portal's params are
// flat (flat-params.js), and flat params hold no cycle, so they pass as they do there; a nested value is refused
// here, as flat-params would refuse to send it.
export default function assertParamsAcyclic(params) {
  if (params === null || typeof params !== 'object') return;
  for (const key of Object.keys(params)) {
    const value = params[key];
    if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
      throw new TypeError(
        `params.${key}: nested and array params are left out of the portal's axios (webpack-config/axios-subset.js)`,
      );
    }
  }
}
