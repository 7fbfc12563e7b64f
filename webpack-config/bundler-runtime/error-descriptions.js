// Stands in for @module-federation/error-codes' dist/desc.mjs in a remote's production entry: its
// `@module-federation/runtime` names one of the runtime's messages, which the shell already has (`provide.js`).
const host = globalThis._PORTAL_FEDERATION_BUNDLER_RUNTIME;
const runtimeDescMap = host ? host.runtimeDescMap : {};
// Only the shell's own runtime, never a remote's, reports build and type errors.
const typeDescMap = {};
const buildDescMap = {};
const errorDescMap = { ...runtimeDescMap };

export { buildDescMap, errorDescMap, runtimeDescMap, typeDescMap };
