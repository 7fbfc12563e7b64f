// Dialogs, bundled by each area that uses them (see src/index.ts); their stack is the shared one.
export * from './components/dialog';
export * from './components/form-dialog';
