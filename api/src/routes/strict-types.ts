import { HttpError } from '../lib/errors';

/**
 * The validator coerces types (so `?id=12` becomes 12), which for JSON bodies would also turn `true` into 1,
 * `123` into "123" and `null` into "" — a wrong-typed field would then be accepted or even point at another
 * record. This check runs first, on the raw parsed body, and answers 400 when a value has the wrong JSON type:
 * string fields take strings only, booleans booleans only, and integer fields numbers or numeric strings
 * (the portal sends ids and amounts either way; the validator then checks the digits and the range).
 */
type Schema = { type?: string | string[]; properties?: Record<string, Schema>; anyOf?: Schema[] };

const typeOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

function accepts(type: string, value: unknown): boolean {
  const t = typeOf(value);
  switch (type) {
    case 'object':
      return t === 'object';
    case 'string':
    case 'boolean':
    case 'null':
    case 'array':
      return t === type;
    case 'integer':
    case 'number':
      return t === 'number' || t === 'string';
    default:
      return true;
  }
}

/** The first type problem as a client-readable message, or null. */
export function typeProblem(schema: Schema, value: unknown, path = ''): string | null {
  if (schema.anyOf) {
    const problems = schema.anyOf.map((s) => typeProblem(s, value, path));
    return problems.includes(null) ? null : problems[0] ?? null;
  }
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!types.some((t) => accepts(t, value))) {
      if (!path) return 'Request body must be a JSON object';
      const expected = types.map((t) => (t === 'integer' ? 'an integer' : t === 'object' ? 'an object' : `a ${t}`)).join(' or ');
      return `${path} must be ${expected}`;
    }
  }
  if (schema.properties && typeOf(value) === 'object') {
    for (const [key, sub] of Object.entries(schema.properties)) {
      const v = (value as Record<string, unknown>)[key];
      if (v === undefined) continue;
      const p = typeProblem(sub, v, path ? `${path}.${key}` : key);
      if (p) return p;
    }
  }
  return null;
}

export function assertBodyTypes(schema: unknown, body: unknown) {
  if (!schema || typeof schema !== 'object') return;
  const problem = typeProblem(schema as Schema, body);
  if (problem) throw new HttpError(400, problem, { error: problem });
}

/** Postgres cannot store NUL in text; such input is a client mistake, not a server error. */
export function hasNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value && typeof value === 'object') return Object.values(value).some(hasNul);
  return false;
}
