// A status shown as a coloured label, bundled by each area that uses it (see src/index.ts).
export * from './components/status-badge';
