import { isDecimalString } from '../lib/input';
import { validationError, type Problem } from './schemas';

/**
 * The validator coerces types (so `?id=12` becomes 12), which for JSON bodies would also turn `true` into 1,
 * `123` into "123", `null` into "" and `"0x10"` into 16 — a wrong-typed field would then be accepted or even point
 * at another record. This check runs first, on the raw parsed input, and answers 400 when a value has the wrong
 * JSON type: string fields take strings only, booleans booleans only, and integer fields numbers or plain decimal
 * strings (the portal sends ids and amounts either way; the validator then checks the digits and the range).
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
      return t === 'number' || (t === 'string' && isDecimalString(value as string));
    default:
      return true;
  }
}

/** Every field whose value has the wrong type, with the schema that names its text. */
export function typeProblems(schema: Schema, value: unknown, path = '', out: Problem[] = []): Problem[] {
  if (schema.anyOf) {
    if (!schema.anyOf.some((s) => typeProblems(s, value, path).length === 0)) out.push({ field: path, keyword: 'type', schema: schema as Record<string, unknown> });
    return out;
  }
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!types.some((t) => accepts(t, value))) {
      out.push({ field: path, keyword: 'type', schema: schema as Record<string, unknown> });
      return out;
    }
  }
  if (schema.properties && typeOf(value) === 'object') {
    for (const [key, sub] of Object.entries(schema.properties)) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) typeProblems(sub, v, path ? `${path}.${key}` : key, out);
    }
  }
  return out;
}

/** Throws the 400 of `validationError` when the body, query string or path parameters have a wrong type. */
export function assertInputTypes(schemas: { body?: unknown; querystring?: unknown; params?: unknown } | undefined, req: { body?: unknown; query?: unknown; params?: unknown }) {
  if (!schemas) return;
  const problems: Problem[] = [];
  const check = (schema: unknown, value: unknown) => {
    if (schema && typeof schema === 'object' && value !== undefined) typeProblems(schema as Schema, value, '', problems);
  };
  check(schemas.body, req.body);
  check(schemas.querystring, req.query);
  check(schemas.params, req.params);
  if (problems.length) throw validationError(problems);
}

/** Postgres cannot store NUL in text; such input is a client mistake, not a server error. */
export function hasNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value && typeof value === 'object') return Object.values(value).some(hasNul);
  return false;
}
