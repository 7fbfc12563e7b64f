import { Type, type TObject, type TProperties } from 'typebox';
import { HttpError } from '../lib/errors';
import { checkEmail, checkPhone, checkText, normaliseEmail } from '../lib/input';

/**
 * Every field schema carries the text a customer reads when it is wrong (`x-text`), so the validator's own words
 * never reach the portal. `label` names the field in "… is required."; `messages` are keyed by the failing
 * validator keyword (minLength, maxLength, minimum…) with `invalid` for everything else.
 */
export interface FieldText {
  label: string;
  invalid: string;
  /** Instead of "<label> is required.". */
  required?: string;
  minLength?: string;
  maxLength?: string;
  minimum?: string;
  maximum?: string;
}

type Schema = Record<string, unknown>;

export const TEXT = 'x-text';
/** Normalises the value in place (the route sees the normalised value) and fails when it cannot be normalised. */
export const NORMALISE = 'x-normalise';

export const str = (min: number, max: number, text: FieldText, extra: Schema = {}) =>
  Type.String({ minLength: min, maxLength: max, ...extra, [TEXT]: text });

/** At least `min` characters once the surrounding spaces are trimmed (what is stored), so "   " is not a name. */
export const trimmedMin = (min: number) => ({ pattern: min <= 1 ? '\\S' : `\\S[\\s\\S]{${min - 2},}\\S` });

const NORMALISERS: Record<string, (raw: string) => string | null> = {
  email: checkEmail,
  // Logging in only looks the address up, so an account stored before the stricter rules can still log in.
  'email-lookup': (raw) => (raw.length <= 254 ? normaliseEmail(raw) : null),
  phone: checkPhone,
  name: (raw) => checkText(raw, 2),
  address: (raw) => checkText(raw, 5),
};

/** The ajv keyword behind NORMALISE; the route handler and the database see only the normalised value. */
export const normaliseKeyword = {
  keyword: NORMALISE,
  modifying: true,
  schemaType: 'string' as const,
  validate(kind: string, data: unknown, _parentSchema?: unknown, cxt?: { parentData?: Record<string | number, unknown>; parentDataProperty?: string | number }) {
    if (typeof data !== 'string') return true; // the type keyword reports it
    const out = NORMALISERS[kind]?.(data) ?? null;
    if (out === null) return false;
    if (cxt?.parentData && cxt.parentDataProperty !== undefined) cxt.parentData[cxt.parentDataProperty] = out;
    return true;
  },
};

export const EMAIL = Type.String({ [NORMALISE]: 'email', [TEXT]: { label: 'Email', invalid: 'Enter a valid email address.' } });
export const LOGIN_EMAIL = Type.String({ minLength: 1, [NORMALISE]: 'email-lookup', [TEXT]: { label: 'Email', invalid: 'Enter a valid email address.' } });
export const phone = (label: 'Phone number' | 'WhatsApp number') =>
  Type.String({ [NORMALISE]: 'phone', [TEXT]: { label, invalid: `Enter a valid ${label === 'Phone number' ? 'phone' : 'WhatsApp'} number.` } });
export const PASSWORD = str(6, 128, {
  label: 'Password',
  invalid: 'Enter a password of 6 to 128 characters.',
  minLength: 'Password must be at least 6 characters.',
  maxLength: 'Password must be at most 128 characters.',
});
export const id = (label: string) => Type.Integer({ minimum: 1, maximum: 2147483647, [TEXT]: { label, invalid: `${label} must be a whole number.` } });
export const CODE = str(1, 12, { label: 'Code', invalid: 'Enter the code we sent you.' });

/** A body wrapped in one key, as the portal sends (e.g. { starlink_user: {...} }). */
export const wrapped = <K extends string, P extends TProperties>(key: K, properties: P) => {
  const invalid = `The request must send ${key} as an object.`;
  return Type.Object({ [key]: Type.Object(properties, { [TEXT]: { label: key, invalid, required: invalid } }) } as { [k in K]: TObject<P> });
};

/** One problem found by the validator or the type pre-check: where, which rule, and the schema it broke. */
export interface Problem {
  /** "starlink_user.password" for bodies, the parameter's name for query strings and paths; "" for the whole body. */
  field: string;
  keyword: string;
  schema: Schema | undefined;
}

function textFor(p: Problem): string {
  const text = p.schema?.[TEXT] as FieldText | undefined;
  if (p.keyword === 'required') return text?.required ?? `${text?.label ?? p.field} is required.`;
  if (!p.field) return 'The request body must be a JSON object.';
  if (!text) return `${p.field} is not valid.`;
  return (text as unknown as Record<string, string | undefined>)[p.keyword] ?? text.invalid;
}

/**
 * The 400 for a failed validation: `message` for the customer (the first problem's text), `errors` per field for
 * programs, and `error` (the same text) for the portal screens that read that field.
 */
export function validationError(problems: Problem[]): HttpError {
  const errors: Record<string, string> = {};
  for (const p of problems) errors[p.field || 'body'] ??= textFor(p);
  const message = Object.values(errors)[0] ?? 'The request is not valid.';
  return new HttpError(400, message, { error: message, errors });
}

interface AjvError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  parentSchema?: Schema;
}

/** Ajv's errors (fastify's err.validation) as problems; ajv runs with `verbose` so each names its schema. */
export function problemsFromAjv(errors: AjvError[], context: string | undefined): Problem[] {
  const problems: Problem[] = [];
  for (const e of errors) {
    let path = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
    let schema = e.parentSchema;
    if (e.keyword === 'required') {
      const missing = String(e.params.missingProperty ?? '');
      path = path ? `${path}.${missing}` : missing;
      schema = (schema?.properties as Record<string, Schema> | undefined)?.[missing];
    }
    // An anyOf reports each branch first; the field's own text sits on the anyOf schema reported after them.
    if (problems.some((p) => p.field === path && p.schema?.[TEXT])) continue;
    const field = context === 'body' || context === undefined ? path : path || context;
    const index = problems.findIndex((p) => p.field === field);
    const problem = { field, keyword: e.keyword, schema };
    if (index === -1) problems.push(problem);
    else if (!problems[index]!.schema?.[TEXT] && schema?.[TEXT]) problems[index] = problem;
  }
  return problems;
}
