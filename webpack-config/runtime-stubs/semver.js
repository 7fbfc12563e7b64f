// Stands in for runtime-core's utils/semver/index.js in the shell's production build: the same `satisfy(version,
// range)` for the ranges a federation build writes (`^`, `~`, comparators, x-ranges, hyphen ranges, `||`), in a
// fraction of the bytes. It runs only when two versions of a library meet in the share scope or a remote asks for a
// range; budgets/ compares it with the original on a table of versions and ranges.

// { parts: [major, minor, patch] with null for a missing or wildcard part, pre: the prerelease identifiers }
function parse(text) {
  const match = /^\s*v?(\d+|[xX*])(?:\.(\d+|[xX*]))?(?:\.(\d+|[xX*]))?(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?\s*$/.exec(text);
  if (!match) return null;
  const parts = [match[1], match[2], match[3]].map((part) => (part === undefined || /[xX*]/.test(part) ? null : Number(part)));
  return { parts, pre: match[4] ? match[4].split('.') : [] };
}

// Versions with every part present: its sign says which is greater.
function compare(a, b) {
  for (let i = 0; i < 3; i += 1) if (a.parts[i] !== b.parts[i]) return a.parts[i] - b.parts[i];
  if (!a.pre.length || !b.pre.length) return b.pre.length - a.pre.length;
  for (let i = 0; ; i += 1) {
    const [x, y] = [a.pre[i], b.pre[i]];
    if (x === undefined || y === undefined) return x === y ? 0 : x === undefined ? -1 : 1;
    const [xNumeric, yNumeric] = [/^\d+$/.test(x), /^\d+$/.test(y)];
    const order = xNumeric && yNumeric ? x - y : xNumeric ? -1 : yNumeric ? 1 : x < y ? -1 : x > y ? 1 : 0;
    if (order) return order;
  }
}

// Whether the complete version `v` meets one comparator (`^1.2`, `<=2`, `1.x`...).
function meets(v, comparator) {
  const [, op = '=', rest] = /^(<=|>=|<|>|=|\^|~>?)?\s*(.*)$/.exec(comparator);
  const bound = parse(rest);
  if (!bound) return false;
  const given = bound.parts.includes(null) ? bound.parts.indexOf(null) : 3;
  const low = { parts: bound.parts.map((part) => part ?? 0), pre: bound.pre };
  // Below the first version past every one `bound` stands for, its part `at` bumped (none past a lone wildcard).
  const below = (at) => at < 0 || compare(v, { parts: low.parts.map((p, i) => (i < at ? p : i === at ? p + 1 : 0)), pre: ['0'] }) < 0;
  const order = compare(v, low);
  const last = given === 3 ? 2 : given - 1;
  switch (op) {
    case '>=':
      return order >= 0;
    case '<':
      return given === 3 ? order < 0 : compare(v, { parts: low.parts, pre: ['0'] }) < 0;
    case '>':
      return given === 3 ? order > 0 : !below(last);
    case '<=':
      return given === 3 ? order <= 0 : below(last);
    case '=':
      return given === 3 ? order === 0 : order >= 0 && below(last);
    case '^': {
      const first = low.parts.findIndex((part) => part !== 0);
      return order >= 0 && below(first === -1 || first >= given ? Math.max(given - 1, 0) : first);
    }
    default: // ~ and ~>
      return order >= 0 && below(given > 1 ? 1 : 0);
  }
}

function satisfy(versionText, range) {
  const v = versionText ? parse(versionText) : null;
  if (!v || v.parts.includes(null)) return false;
  return range.split('||').some((alternative) => {
    const text = alternative.trim();
    if (!text || text === '*' || text === 'x') return true;
    const hyphen = /^(\S+)\s+-\s+(\S+)$/.exec(text);
    const comparators = hyphen
      ? [`>=${hyphen[1]}`, `<=${hyphen[2]}`]
      : text.replace(/(<=|>=|<|>|=|\^|~>?)\s+/g, '$1').split(/\s+/);
    return comparators.every((comparator) => meets(v, comparator));
  });
}

export { satisfy };
