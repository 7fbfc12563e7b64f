// Written by webpack.config.js from each remote's `exposes`: `${remote}/${module}` → a lazy import of its file.
declare module 'virtual:page-modules' {
  export const pageModules: Record<string, (() => Promise<unknown>) | undefined>;
}
