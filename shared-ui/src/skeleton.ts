// Placeholders of the customers' pages (their prerendered frames), bundled by each area that uses them (see src/index.ts).
export * from './components/skeleton';
