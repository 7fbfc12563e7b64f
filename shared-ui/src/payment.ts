// A payment reference with its copy button, bundled by each area that uses them (see src/index.ts).
export * from './components/copy-button';
export * from './components/payment-reference';
