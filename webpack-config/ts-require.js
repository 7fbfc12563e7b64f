// A TypeScript module from a build file: as is where TypeScript is already transformed (jest, a tsx process), else
// through tsx, which would not load inside jest's own module system.
function requireTs(id, from) {
  try {
    return require(require.resolve(id, { paths: [require('path').dirname(from)] }));
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    return require('tsx/cjs/api').require(id, from);
  }
}

module.exports = { requireTs };
