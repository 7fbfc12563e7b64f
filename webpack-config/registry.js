// The portal's registry (portal-registry, a TypeScript module) for the CommonJS build files.
const { requireTs } = require('./ts-require');

module.exports = requireTs('portal-registry', __filename);
