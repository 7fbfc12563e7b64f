// A webpack loader for axios' lib/ modules the portal runs only part of (webpack-config/axios-subset.js, PRUNED):
// each listed function or method keeps its name and signature and its body throws, naming it; each listed name of the
// module's default-export object (utils.js) becomes a function that throws, naming it; each rewritten function's body
// hands its arguments (and the module's values it names) to a stand-in that runs only the portal's case; each listed
// key of an object literal goes. The minifier then drops what only they used. The module is parsed with acorn
// (webpack's own parser), so a function is found by its syntax.
const path = require('path');
const acorn = require('acorn');

const posix = (file) => file.split(path.sep).join('/');
const LEFT_OUT = posix(path.join(__dirname, 'left-out.js'));
const { applyEdits, bodyReturning, namedFunctions, withParents } = require('../source-edits');

const keyName = (property) => property.key?.name ?? property.key?.value;
const isFunction = (node) => Boolean(node) && /^(FunctionExpression|ArrowFunctionExpression)$/.test(node.type);

/**
 * The functions of `ast` by name: those `namedFunctions` finds, a named function expression (`function
 * transformRequest() {}` in an array) and a function assigned to a property (`axios.formToJSON = () => ...`).
 */
function functionsByName(ast) {
  const found = namedFunctions(ast);
  const add = (name, fn) => found.set(name, [...(found.get(name) ?? []), fn]);
  for (const { node, parent } of withParents(ast)) {
    if (node.type === 'FunctionExpression' && node.id && parent?.type !== 'MethodDefinition') add(node.id.name, node);
    if (
      node.type === 'AssignmentExpression' &&
      node.left.type === 'MemberExpression' &&
      node.left.object.type === 'Identifier' &&
      !node.left.computed &&
      isFunction(node.right)
    ) {
      add(`${node.left.object.name}.${node.left.property.name}`, node.right);
    }
  }
  return found;
}

/** The names `ast` declares at its top level (imports, variables, functions, classes). */
function topLevelNames(ast) {
  const names = new Set();
  for (const node of ast.body) {
    if (node.type === 'ImportDeclaration') node.specifiers.forEach((s) => names.add(s.local.name));
    const declaration = node.type === 'ExportNamedDeclaration' ? node.declaration : node;
    if (declaration?.type === 'VariableDeclaration') {
      declaration.declarations.forEach((d) => d.id.type === 'Identifier' && names.add(d.id.name));
    }
    if (/^(Function|Class)Declaration$/.test(declaration?.type ?? '') && declaration.id) names.add(declaration.id.name);
  }
  return names;
}

/**
 * `source` (the module `file` under axios' lib/) with `functions` (names) and the `exports` (names of its default
 * export object) left out, the `rewritten` functions ({ name: { standIn, as, with } }) calling export `as` of
 * `axios-stand-ins/<standIn>` with their parameters and the module's top-level values `with` names, and the `keys`
 * ({ object: { value, names } }) of a top-level object literal that each map to `value` left out, and the `branches`
 * (the conditions of `if` statements, as written, whitespace aside) throwing, naming themselves, where their condition
 * holds, the `elses` (the same, where it fails), and the `tails`: what follows such an `if` in its block (reached only where its condition fails, its branch
 * returning) throws, naming it; `missing`: what is not found once as described (axios moved, renamed or reshaped it).
 */
function subset(
  source,
  { file, functions = [], exports = [], rewritten = {}, keys = {}, branches = [], elses = [], tails = [] },
) {
  const ast = acorn.parse(source, { ecmaVersion: 'latest', sourceType: 'module' });
  const found = functionsByName(ast);
  const missing = functions.filter((name) => found.get(name)?.length !== 1);
  const edits = functions
    .filter((name) => !missing.includes(name))
    .map((name) => bodyReturning(found.get(name)[0], `leftOutPart(${JSON.stringify(`lib/${file} ${name}`)})`));
  const imports = [];
  const declared = topLevelNames(ast);
  for (const [name, { standIn, as, with: locals = [] }] of Object.entries(rewritten)) {
    const fn = found.get(name)?.length === 1 ? found.get(name)[0] : undefined;
    const params = fn?.params.every((p) => p.type === 'Identifier') ? fn.params.map((p) => p.name) : undefined;
    const undeclared = locals.filter((local) => !declared.has(local));
    if (!params || undeclared.length > 0) {
      missing.push(params ? `${name}'s values ${undeclared.join(', ')}` : name);
      continue;
    }
    const local = `__standIn_${as}`;
    imports.push(`import { ${as} as ${local} } from ${JSON.stringify(posix(path.join(__dirname, standIn)))};`);
    const args = [...params, ...locals].join(', ');
    edits.push(
      bodyReturning(fn, fn.type === 'ArrowFunctionExpression' ? `${local}(${args})` : `${local}.call(this, ${args})`),
    );
  }
  for (const [objectName, { value, names }] of Object.entries(keys)) {
    const declarator = ast.body
      .filter((node) => node.type === 'VariableDeclaration')
      .flatMap((node) => node.declarations)
      .find((d) => d.id.type === 'Identifier' && d.id.name === objectName && d.init?.type === 'ObjectExpression');
    const properties = declarator?.init.properties ?? [];
    for (const name of names) {
      const property = properties.find(
        (p) => keyName(p) === name && p.value?.type === 'Identifier' && p.value.name === value,
      );
      if (!property) {
        missing.push(`${objectName}.${name}: ${value}`);
        continue;
      }
      const next = properties[properties.indexOf(property) + 1];
      const comma = /^\s*,/.exec(source.slice(property.end))?.[0] ?? '';
      edits.push({ start: property.start, end: next ? next.start : property.end + comma.length, text: '' });
    }
  }
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
  const bare = (text) => text.replace(/\s+/g, '');
  const ifs = withParents(ast).filter(({ node }) => node.type === 'IfStatement');
  const ifOnce = (condition) => {
    const matches = ifs.filter(({ node }) => bare(source.slice(node.test.start, node.test.end)) === bare(condition));
    if (matches.length !== 1) missing.push(`if (${condition})`);
    return matches.length === 1 ? matches[0] : undefined;
  };
  const throwing = (node, what) => {
    if (node)
      edits.push({
        start: node.start,
        end: node.end,
        text: `{ leftOutPart(${JSON.stringify(`lib/${file} ${what}`)}); }`,
      });
  };
  for (const condition of branches) throwing(ifOnce(condition)?.node.consequent, `if (${condition})`);
  for (const condition of elses) {
    const { node } = ifOnce(condition) ?? {};
    if (node && !node.alternate) missing.push(`if (${condition}) else`);
    throwing(node?.alternate, `else of if (${condition})`);
  }
  for (const condition of tails) {
    const { node, parent } = ifOnce(condition) ?? {};
    if (!node) continue;
    const rest = parent.type === 'BlockStatement' ? parent.body.slice(parent.body.indexOf(node) + 1) : [];
    const last = node.consequent.type === 'BlockStatement' ? node.consequent.body.at(-1) : node.consequent;
    if (rest.length === 0 || node.alternate || last?.type !== 'ReturnStatement') {
      missing.push(`what follows if (${condition}) { ... return }`);
      continue;
    }
    const call = `leftOutPart(${JSON.stringify(`lib/${file} what follows if (${condition})`)});`;
    edits.push({ start: rest[0].start, end: rest.at(-1).end, text: `return ${call}` });
  }
  const head = [`import { leftOutPart, leftOutParts } from ${JSON.stringify(LEFT_OUT)};`, ...imports].join('\n');
  return { code: `${head}\n${applyEdits(source, edits)}`, missing };
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
