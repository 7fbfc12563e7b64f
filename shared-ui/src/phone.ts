// The phone number field and rules, bundled by each area that uses them (see src/index.ts).
export * from './components/phone-field';
export * from './lib/phone';
