// What the build's pruning loaders (runtime-stubs/prune-loader.js, axios-stand-ins/subset-loader.js) find a function
// by in a module parsed with acorn: its name, so a moved or renamed one is reported rather than missed.
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

module.exports = { namedFunctions };
