// A webpack loader for axios' lib/ modules the portal runs only part of (webpack-config/axios-subset.js, PRUNED):
// each listed function or method keeps its name and signature and its body throws, naming it; each listed name of the
// module's default-export object (utils.js) becomes a function that throws, naming it. The minifier then drops what
// only they used. The module is parsed with acorn (webpack's own parser), so a function is found by its syntax.
const path = require('path');
const acorn = require('acorn');

const LEFT_OUT = path.join(__dirname, 'left-out.js').split(path.sep).join('/');
const { applyEdits, bodyReturning, namedFunctions } = require('../source-edits');

const keyName = (property) => property.key?.name ?? property.key?.value;

/**
 * `source` (the module `file` under axios' lib/) with `functions` (names) and the `exports` (names of its default
 * export object) left out, and `missing`: the names not found exactly once (axios moved or renamed them).
 */
function subset(source, { file, functions = [], exports = [] }) {
  const ast = acorn.parse(source, { ecmaVersion: 'latest', sourceType: 'module' });
  const found = namedFunctions(ast);
  const missing = functions.filter((name) => found.get(name)?.length !== 1);
  const edits = functions
    .filter((name) => !missing.includes(name))
    .map((name) => bodyReturning(found.get(name)[0], `leftOutPart(${JSON.stringify(`lib/${file} ${name}`)})`));
  if (exports.length > 0) {
    const object = ast.body.find((node) => node.type === 'ExportDefaultDeclaration')?.declaration;
    const properties = object?.type === 'ObjectExpression' ? object.properties : [];
    const names = new Set(properties.map(keyName));
    missing.push(...exports.filter((name) => !names.has(name)).map((name) => `export default { ${name} }`));
    const kept = properties.filter((property) => !exports.includes(keyName(property)));
    const locals = properties
      .filter((property) => exports.includes(keyName(property)) && property.value.type === 'Identifier')
      .map((property) => property.value.name);
    if (object?.type === 'ObjectExpression') {
      edits.push({
        start: object.start,
        end: object.end,
        text: `{\n  ${kept.map((p) => source.slice(p.start, p.end)).join(',\n  ')},\n  ...leftOutParts(${JSON.stringify(`lib/${file} default.`)}, ${JSON.stringify(exports)}),\n}`,
      });
    }
    // What the left-out names held is computed once at load (`kindOfTest('Date')`, an IIFE that listens for
    // messages): marked pure, the minifier drops it when nothing else reads it.
    for (const node of ast.body) {
      if (node.type !== 'VariableDeclaration') continue;
      for (const declarator of node.declarations) {
        if (
          declarator.id.type === 'Identifier' &&
          locals.includes(declarator.id.name) &&
          declarator.init?.type === 'CallExpression'
        ) {
          edits.push({ start: declarator.init.start, end: declarator.init.start, text: '/*#__PURE__*/ ' });
        }
      }
    }
  }
  return { code: `import { leftOutPart, leftOutParts } from ${JSON.stringify(LEFT_OUT)};\n${applyEdits(source, edits)}`, missing };
}

module.exports = function subsetLoader(source) {
  const { code, missing } = subset(source, this.getOptions());
  if (missing.length > 0) {
    throw new Error(
      `${this.resourcePath}: ${missing.join(', ')} not found once: check the new axios and update webpack-config/axios-subset.js (PRUNED)`,
    );
  }
  return code;
};
module.exports.subset = subset;
