// Noisy figures (timings on a shared machine, Lighthouse scores) are reported as the median and range of several runs.

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * Median, min and max of the runs' values; `missing` counts runs that produced none (null: the screen never showed),
 * and the median is null when no run produced one.
 */
export function spread(values) {
  const present = values.filter((v) => typeof v === 'number');
  if (!present.length) return { median: null, min: null, max: null, values, missing: values.length };
  return {
    median: median(present),
    min: Math.min(...present),
    max: Math.max(...present),
    values,
    missing: values.length - present.length,
  };
}
