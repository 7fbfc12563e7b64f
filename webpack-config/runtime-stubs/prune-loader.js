// A webpack loader for the federation runtime modules of which only some functions never run in the shell's
// production build (webpack-config's PRUNED_RUNTIME): each named function or method keeps its name and signature, and
// its body is replaced by a throw saying why it is left out, so the minifier drops what only it used.
const acorn = require('acorn');

const isFunction = (node) => Boolean(node) && /^(FunctionExpression|ArrowFunctionExpression)$/.test(node.type);

/** The functions of `ast` by name: `name` for a function declaration or a variable holding one, `Class.method`. */
function namedFunctions(ast) {
  const found = new Map();
  const add = (name, fn) => found.set(name, [...(found.get(name) ?? []), fn]);
  const walk = (node, className) => {
    if (!node || typeof node.type !== 'string') return;
    if (node.type === 'FunctionDeclaration' && node.id) add(node.id.name, node);
    if (node.type === 'VariableDeclarator' && node.id.type === 'Identifier' && isFunction(node.init)) add(node.id.name, node.init);
    if (node.type === 'MethodDefinition' && className && node.key.type === 'Identifier') add(`${className}.${node.key.name}`, node.value);
    let inner = className;
    if (/^Class(Declaration|Expression)$/.test(node.type) && node.id) inner = node.id.name;
    if (node.type === 'VariableDeclarator' && node.init?.type === 'ClassExpression') inner = node.id.name;
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) value.forEach((child) => walk(child, inner));
      else if (value && typeof value.type === 'string') walk(value, inner);
    }
  };
  walk(ast);
  return found;
}

/**
 * `source` with the body of each function of `targets` (name -> what it serves) replaced by a call of `leftOut`, and
 * the names of `targets` that are not there exactly once (`missing`: the runtime moved or renamed them).
 */
function prune(source, targets) {
  const found = namedFunctions(acorn.parse(source, { ecmaVersion: 'latest', sourceType: 'module' }));
  const missing = Object.keys(targets).filter((name) => found.get(name)?.length !== 1);
  const edits = Object.entries(targets)
    .filter(([name]) => !missing.includes(name))
    .map(([name, what]) => {
      const { body } = found.get(name)[0];
      const call = `leftOut(${JSON.stringify(what)})`;
      return { start: body.start, end: body.end, text: body.type === 'BlockStatement' ? `{ return ${call}; }` : call };
    })
    .sort((a, b) => b.start - a.start);
  let code = source;
  for (const { start, end, text } of edits) code = code.slice(0, start) + text + code.slice(end);
  return { code: `import { leftOut } from 'portal-runtime-stubs/left-out.js';\n${code}`, missing };
}

module.exports = function pruneLoader(source) {
  const { targets } = this.getOptions();
  const { code, missing } = prune(source, targets);
  if (missing.length > 0) {
    throw new Error(`${this.resourcePath}: ${missing.join(', ')} not found once (webpack-config PRUNED_RUNTIME)`);
  }
  return code;
};
module.exports.prune = prune;
