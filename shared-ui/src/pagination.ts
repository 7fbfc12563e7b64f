// Paginating a list, bundled by each area that uses it (see src/index.ts).
export * from './components/pagination';
export * from './lib/page-numbers';
