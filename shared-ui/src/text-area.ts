// A multi-line field, bundled by each area that uses it (see src/index.ts).
export * from './components/text-area-field';
