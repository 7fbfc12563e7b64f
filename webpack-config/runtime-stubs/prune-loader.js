// A webpack loader for the federation runtime modules of which only some functions never run in the shell's
// production build (webpack-config's PRUNED_RUNTIME): each named function or method keeps its name and signature, and
// its body is replaced by a throw saying why it is left out, so the minifier drops what only it used. It also drops the
// calls of the hooks no plugin of the portal listens to (UNHEARD_HOOKS), a plugin naming one being refused.
const acorn = require('acorn');

const { applyEdits, bodyReturning, namedFunctions, withParents } = require('../source-edits');

/**
 * What a hook's `emit(data)` gives when no plugin listens, by the hook's class: a sync hook `undefined`, an async one a
 * promise of it, a waterfall hook its data (the async one in a promise).
 */
const SILENT_RESULTS = {
  SyncHook: { value: () => 'void 0', awaited: () => 'void 0' },
  AsyncHook: { value: () => 'Promise.resolve()', awaited: () => 'void 0' },
  SyncWaterfallHook: { value: (data) => `(${data})`, awaited: (data) => `(${data})` },
  AsyncWaterfallHook: { value: (data) => `Promise.resolve(${data})`, awaited: (data) => `(${data})` },
};

/**
 * The edits that drop each call `<...>.lifecycle.<hook>.emit(data)` of `hooks` (name -> { kind: the hook's class,
 * count: its calls in this module }) from `ast`: a call whose result is not used goes, any other becomes what the
 * call gives with no listener (SILENT_RESULTS). A hook of `hooks` found another number of times, or read other than
 * to emit (held in a variable, handed to a function), is `missing`.
 */
function silenceHooks(source, ast, hooks) {
  const found = Object.fromEntries(Object.keys(hooks).map((name) => [name, 0]));
  const strays = new Set();
  const edits = [];
  const nodes = withParents(ast);
  const parentOf = new Map(nodes.map(({ node, parent }) => [node, parent]));
  for (const { node, parent } of nodes) {
    if (node.type !== 'MemberExpression' || node.computed || !(node.property.name in hooks)) continue;
    const { object } = node;
    if (object.type !== 'MemberExpression' || object.computed || object.property.name !== 'lifecycle') continue;
    const name = node.property.name;
    const call = parentOf.get(parent);
    const isEmit = parent?.type === 'MemberExpression' && parent.object === node && parent.property.name === 'emit' && call?.type === 'CallExpression' && call.callee === parent;
    if (!isEmit || call.arguments.length > 1 || call.arguments[0]?.type === 'SpreadElement') {
      strays.add(name);
      continue;
    }
    found[name] += 1;
    const results = SILENT_RESULTS[hooks[name].kind];
    const data = call.arguments[0] ? source.slice(call.arguments[0].start, call.arguments[0].end) : 'void 0';
    const outer = parentOf.get(call);
    const awaited = outer?.type === 'AwaitExpression' ? outer : undefined;
    const used = awaited ?? call;
    const statement = parentOf.get(used);
    if (statement?.type === 'ExpressionStatement') edits.push({ start: statement.start, end: statement.end, text: 'void 0;' });
    else edits.push({ start: used.start, end: used.end, text: awaited ? results.awaited(data) : results.value(data) });
  }
  const missing = Object.entries(hooks)
    .filter(([name, { count }]) => strays.has(name) || found[name] !== count)
    .map(([name, { count }]) => `${name} (emitted ${count} times)`);
  return { edits, missing };
}

/** A method body left with nothing but dropped hook calls (`void 0;`), some in a try whose catch only reports. */
const EMPTIED = /^\{(?:\s|void 0;|try\s*\{(?:\s|void 0;)*\}\s*catch\s*\(\w+\)\s*\{\s*warn\(\w+\);?\s*\})*\}$/;

/**
 * The edits that drop each statement `this.<method>(...)` of `methods` (name -> its calls in this module): methods
 * whose only work was to emit hooks of UNHEARD_HOOKS, which `code` (this module with those calls dropped) shows; a
 * method with more left in it, or called another number of times or other than as a statement, is `missing`.
 */
function dropEmptiedCalls(ast, code, methods, found, offset) {
  const edits = [];
  const calls = Object.fromEntries(Object.keys(methods).map((name) => [name, 0]));
  const strays = new Set();
  const nodes = withParents(ast);
  const parentOf = new Map(nodes.map(({ node, parent }) => [node, parent]));
  for (const { node, parent } of nodes) {
    if (node.type !== 'MemberExpression' || node.object.type !== 'ThisExpression' || !(node.property.name in methods)) continue;
    const statement = parentOf.get(parent);
    if (parent.type !== 'CallExpression' || parent.callee !== node || statement?.type !== 'ExpressionStatement') {
      strays.add(node.property.name);
      continue;
    }
    calls[node.property.name] += 1;
    edits.push({ start: statement.start, end: statement.end, text: 'void 0;' });
  }
  const missing = Object.entries(methods)
    .filter(([name, count]) => {
      const method = [...found.entries()].find(([key]) => key.endsWith(`.${name}`))?.[1];
      if (strays.has(name) || calls[name] !== count || method?.length !== 1) return true;
      const { body } = method[0];
      return !EMPTIED.test(code.slice(offset(body.start), offset(body.end)));
    })
    .map(([name, count]) => `${name} (emptied, called ${count} times)`);
  return { edits, missing };
}

/**
 * The edits that make each hook of `names` created in `ast` (`name: new AsyncHook(...)`) refuse a listener, naming
 * itself (`runtime-stubs/unheard-hooks.js`), and the names not created here exactly once (`missing`).
 */
function refuseListeners(source, ast, names) {
  const found = Object.fromEntries(names.map((name) => [name, 0]));
  const edits = [];
  for (const { node } of withParents(ast)) {
    if (node.type !== 'Property' || node.computed || !(node.key.name in found) || node.value.type !== 'NewExpression') continue;
    if (!/Hook$/.test(node.value.callee.name ?? '')) continue;
    found[node.key.name] += 1;
    const { start, end } = node.value;
    edits.push({ start, end, text: `unheardHook(${source.slice(start, end)}, ${JSON.stringify(node.key.name)})` });
  }
  return { edits, missing: names.filter((name) => found[name] !== 1).map((name) => `hook ${name} (created once)`) };
}

/**
 * `source` with the body of each function of `targets` (name -> what it serves) replaced by a call of `leftOut`, the
 * calls of `hooks` dropped (silenceHooks) and the hooks of `unheard` created here refusing listeners
 * (refuseListeners); and the names of `targets` that are not there exactly once, and of `hooks` and `unheard` not
 * found as listed (`missing`: the runtime moved or renamed them).
 */
function prune(source, targets, { hooks = {}, unheard = [], emptied = {} } = {}) {
  const ast = acorn.parse(source, { ecmaVersion: 'latest', sourceType: 'module' });
  const found = namedFunctions(ast);
  const missing = Object.keys(targets).filter((name) => found.get(name)?.length !== 1);
  const edits = Object.entries(targets)
    .filter(([name]) => !missing.includes(name))
    .map(([name, what]) => bodyReturning(found.get(name)[0], `leftOut(${JSON.stringify(what)})`));
  const pruned = edits.map(({ start, end }) => [start, end]);
  const silenced = silenceHooks(source, ast, hooks);
  // A hook emitted inside a pruned function goes with it.
  edits.push(...silenced.edits.filter(({ start }) => !pruned.some(([from, to]) => start >= from && start < to)));
  const refused = refuseListeners(source, ast, unheard);
  edits.push(...refused.edits);
  missing.push(...silenced.missing, ...refused.missing);
  if (Object.keys(emptied).length > 0) {
    // The methods' bodies as the hook calls leave them, and then their calls dropped too.
    const text = applyEdits(source, silenced.edits);
    const offset = (at) => at + silenced.edits.filter((edit) => edit.end <= at).reduce((sum, edit) => sum + edit.text.length - (edit.end - edit.start), 0);
    const dropped = dropEmptiedCalls(ast, text, emptied, found, offset);
    edits.push(...dropped.edits.filter(({ start }) => !pruned.some(([from, to]) => start >= from && start < to)));
    missing.push(...dropped.missing);
  }
  let header = "import { leftOut } from 'portal-runtime-stubs/left-out.js';\n";
  if (unheard.length > 0) header += "import { unheardHook } from 'portal-runtime-stubs/unheard-hooks.js';\n";
  return { code: header + applyEdits(source, edits), missing };
}

module.exports = function pruneLoader(source) {
  const { targets, hooks, unheard, emptied } = this.getOptions();
  const { code, missing } = prune(source, targets, { hooks, unheard, emptied });
  if (missing.length > 0) {
    throw new Error(`${this.resourcePath}: ${missing.join(', ')} not found as listed (webpack-config PRUNED_RUNTIME, UNHEARD_HOOKS)`);
  }
  return code;
};
module.exports.prune = prune;
