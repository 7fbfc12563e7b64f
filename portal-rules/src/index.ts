// The rules the API and the areas decide by, one copy for both sides; each area bundles what it imports (no state
// here, so copies in several areas cannot disagree within a release).
export * from './kit-lifecycle';
export * from './renewal';
export * from './fundings';
export * from './money-events';
