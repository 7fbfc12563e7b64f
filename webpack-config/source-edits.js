// What the build's pruning loaders (runtime-stubs/prune-loader.js, axios-stand-ins/subset-loader.js) and their
// checks share: a module parsed with acorn, its functions found by name (so a moved or renamed one is reported rather
// than missed), and edits of its source by position.
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

/** The nodes of `ast` with their parents, in source order. */
function withParents(ast) {
  const nodes = [];
  const walk = (node, parent) => {
    if (!node || typeof node.type !== 'string') return;
    nodes.push({ node, parent });
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) value.forEach((child) => walk(child, node));
      else if (value && typeof value.type === 'string') walk(value, node);
    }
  };
  walk(ast, null);
  return nodes;
}

/** The edit that makes function `fn` (its name and signature kept) return `call` instead of running its body. */
function bodyReturning(fn, call) {
  const { body } = fn;
  return { start: body.start, end: body.end, text: body.type === 'BlockStatement' ? `{ return ${call}; }` : call };
}

/** `source` with `edits` ({ start, end, text }, not overlapping) made. */
function applyEdits(source, edits) {
  let code = source;
  for (const { start, end, text } of [...edits].sort((a, b) => b.start - a.start)) {
    code = code.slice(0, start) + text + code.slice(end);
  }
  return code;
}

module.exports = { applyEdits, bodyReturning, namedFunctions, withParents };
