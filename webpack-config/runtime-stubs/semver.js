// Stands in for runtime-core's utils/semver/index.js in the shell's production build: the same `satisfy(version,
// range)` for the ranges a federation build writes (`^`, `~`, comparators, x-ranges, hyphen ranges, `||`), in a
// fraction of the bytes. It runs only when two versions of a library meet in the share scope or a remote asks for a
// range; budgets/ compares it with the original on a table of versions and ranges.

// [major, minor, patch] with null for a missing or wildcard part, and the prerelease identifiers.
function parse(text) {
  const match = /^\s*v?(\d+|[xX*])(?:\.(\d+|[xX*]))?(?:\.(\d+|[xX*]))?(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?\s*$/.exec(text);
  if (!match) return null;
  const part = (value) => (value === undefined || /^[xX*]$/.test(value) ? null : Number(value));
  return { parts: [part(match[1]), part(match[2]), part(match[3])], pre: match[4] ? match[4].split('.') : [] };
}

function compareIdentifiers(a, b) {
  const numeric = /^\d+$/;
  if (numeric.test(a) && numeric.test(b)) return Math.sign(Number(a) - Number(b));
  if (numeric.test(a)) return -1;
  if (numeric.test(b)) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

// Versions with every part present: -1, 0 or 1.
function compare(a, b) {
  for (let i = 0; i < 3; i += 1) if (a.parts[i] !== b.parts[i]) return Math.sign(a.parts[i] - b.parts[i]);
  if (!a.pre.length || !b.pre.length) return Math.sign(b.pre.length - a.pre.length);
  for (let i = 0; i < Math.max(a.pre.length, b.pre.length); i += 1) {
    if (a.pre[i] === undefined) return -1;
    if (b.pre[i] === undefined) return 1;
    const order = compareIdentifiers(a.pre[i], b.pre[i]);
    if (order) return order;
  }
  return 0;
}

const version = (parts, pre = []) => ({ parts, pre });
const floor = (v) => version(v.parts.map((p) => p ?? 0), v.pre);
// The first version above every version `v` stands for: its last given part bumped.
function ceiling(v, at = v.parts.indexOf(null) === -1 ? 2 : v.parts.indexOf(null) - 1) {
  if (at < 0) return null;
  return version(v.parts.map((p, i) => (i < at ? p : i === at ? p + 1 : 0)), ['0']);
}

// One comparator as [test(version)...] bounds.
function bounds(comparator) {
  const match = /^(<=|>=|<|>|=|\^|~>?)?\s*(.*)$/.exec(comparator);
  const op = match[1] || '=';
  const v = parse(match[2]);
  if (!v) return null;
  const low = floor(v);
  const given = v.parts.indexOf(null) === -1 ? 3 : v.parts.indexOf(null);
  const ge = (x) => compare(x, low) >= 0;
  const below = (high) => (high ? (x) => compare(x, high) < 0 : () => true);
  switch (op) {
    case '=':
      return given === 3 ? [(x) => compare(x, low) === 0] : [ge, below(ceiling(v))];
    case '>=':
      return [ge];
    case '<':
      return [below(given === 3 ? low : version(low.parts, ['0']))];
    case '>':
      return given === 3 ? [(x) => compare(x, low) > 0] : [(x) => !below(ceiling(v))(x)];
    case '<=':
      return given === 3 ? [(x) => compare(x, low) <= 0] : [below(ceiling(v))];
    case '^': {
      const first = low.parts.findIndex((p) => p !== 0);
      const at = first === -1 || first >= given ? Math.max(given - 1, 0) : first;
      return [ge, below(ceiling(v, at))];
    }
    default: // ~ and ~>
      return [ge, below(ceiling(v, given > 1 ? 1 : 0))];
  }
}

function satisfy(versionText, range) {
  if (!versionText) return false;
  const v = parse(versionText);
  if (!v || v.parts.includes(null)) return false;
  return range.split('||').some((alternative) => {
    const text = alternative.trim();
    if (!text || text === '*' || text === 'x') return true;
    const hyphen = /^(\S+)\s+-\s+(\S+)$/.exec(text);
    const comparators = hyphen
      ? [`>=${hyphen[1]}`, `<=${hyphen[2]}`]
      : text.replace(/(<=|>=|<|>|=|\^|~>?)\s+/g, '$1').split(/\s+/);
    return comparators.every((comparator) => {
      const tests = bounds(comparator);
      return tests !== null && tests.every((test) => test(v));
    });
  });
}

export { satisfy };
