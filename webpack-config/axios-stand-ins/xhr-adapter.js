import { leftOutPart } from './left-out.js';

// Stands in for axios' getAdapter: the portal's calls use axios' default list, whose first, 'xhr', a browser always
// has, so the answer is axios' XMLHttpRequest adapter, as axios' own search finds it; any other list is left out.
export function xhrAdapter(adapters, config, knownAdapters) {
  const first = Array.isArray(adapters) ? adapters[0] : adapters;
  if (first !== 'xhr' || !knownAdapters.xhr) leftOutPart(`lib/adapters/adapters.js getAdapter for ${String(first)}`);
  return knownAdapters.xhr;
}
