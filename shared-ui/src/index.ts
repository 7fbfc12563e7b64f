// The shared singleton: what the shell and a guest's first screen use, and the state every area must share (the
// dialog stack, the queued messages). Components, hooks and formatters only customers' areas use are entry points of
// their own (`shared-ui/dialog`, `shared-ui/pagination`, `shared-ui/payment`, `shared-ui/phone`, `shared-ui/format`,
// `shared-ui/skeleton`, `shared-ui/single-flight`, `shared-ui/status-badge`, `shared-ui/table`, `shared-ui/text-area`),
// which each area bundles as it would its own code, so a page downloads only those it uses; they import this entry by
// its package name, never by a relative path, so no area gets a second copy of it.
export * from './theme/theme';
export * from './lib/use-hydrated';
export * from './components/button';
export * from './components/spinner';
export * from './components/text-field';
export * from './components/layout';
export * from './components/area-build';
export { notify, warmToasts } from './lib/notify';
export * from './components/toast-host';
export { dialogStack, type DialogStackEntry } from './lib/dialog-stack';
export { focusHeading } from './lib/focus-heading';
