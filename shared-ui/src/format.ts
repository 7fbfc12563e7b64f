// NGN amounts and dates as the customers' areas show them, bundled by each area that uses them (see src/index.ts).
export * from './lib/format';
