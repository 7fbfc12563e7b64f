// A table that becomes cards on a phone, bundled by each area that uses it (see src/index.ts).
export * from './components/stacked-table';
