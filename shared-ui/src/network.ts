// The network banner (the shell) and the note under a payment's button disabled offline (the areas); bundled by each
// package that uses them (see src/index.ts).
export * from './components/network-banner';
