// The portal's registry (portal-registry, a TypeScript module) for the CommonJS build files.
const { require: tsxRequire } = require('tsx/cjs/api');

module.exports = tsxRequire('portal-registry', __filename);
