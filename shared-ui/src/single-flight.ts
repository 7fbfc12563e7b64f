// One request per action at a time, bundled by each area that uses it (see src/index.ts).
export * from './lib/use-single-flight';
