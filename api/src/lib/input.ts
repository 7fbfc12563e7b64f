/**
 * Normalisation and checks for customer-typed identifiers. Two strings that look the same to a person must either
 * normalise to the same value or be refused, so look-alike input cannot make a second account or hide a typo.
 */

/** NFKC folds compatibility forms (full-width letters, ligatures) into the plain ones before comparing. */
export const normaliseEmail = (raw: string) => raw.normalize('NFKC').trim().toLowerCase();

// Zero-width and other invisible characters, controls, unassigned code points and any space left after trimming.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Z}\p{Default_Ignorable_Code_Point}]/u;
// RFC 5322 dot-atom (letters may be any script); quoted local parts are not accepted.
const LOCAL_PART = /^[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+)*$/u;
const DOMAIN_LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?$/u;
const TOP_LEVEL = /^(?:\p{L}{2,63}|xn--[a-z0-9-]{1,59})$/u;
const SCRIPTS = ['Latin', 'Cyrillic', 'Greek', 'Armenian', 'Georgian', 'Hebrew', 'Arabic', 'Devanagari', 'Thai', 'Han', 'Hiragana', 'Katakana', 'Hangul', 'Ethiopic', 'Cherokee'].map(
  (name) => [name, new RegExp(`\\p{Script=${name}}`, 'u')] as const,
);

/** True when the letters of one part (local part or domain label) come from more than one script, as in "pаypal". */
export function mixesScripts(part: string): boolean {
  const seen = new Set<string>();
  for (const ch of part) {
    if (!/\p{L}/u.test(ch)) continue;
    seen.add(SCRIPTS.find(([, re]) => re.test(ch))?.[0] ?? `other:${ch}`);
    if (seen.size > 1) return true;
  }
  return false;
}

// Cyrillic and Greek letters drawn like Latin ones: a part written only with these ("раураl") reads as a Latin word.
const LATIN_LOOKALIKES = new Set([...'аеорсухіјѕԁԛԝһӏь', ...'οανικρυχϲ']);

/** True when a part has no Latin letter but every letter looks like one, as in an all-Cyrillic "раураl". */
export function imitatesLatin(part: string): boolean {
  const letters = [...part].filter((ch) => /\p{L}/u.test(ch));
  return letters.length > 0 && !letters.some((ch) => /\p{Script=Latin}/u.test(ch)) && letters.every((ch) => LATIN_LOOKALIKES.has(ch));
}

// Latin letters outside ASCII drawn like an ASCII one (a dotless ı is an i, a small capital ᴀ an a): accented letters
// such as é stay allowed, since they read differently.
const LATIN_IMPOSTORS = /[ıȷɑɡɩɪʟᴀʙᴄᴅᴇꜰɢʜᴊᴋᴍɴᴏᴘʀꜱᴛᴜᴠᴡʏᴢƅɒꞇƖǀ]/u;

/** The normalised address, or null when it is not one a customer could have meant unambiguously. */
export function checkEmail(raw: string): string | null {
  if (raw.length > 320) return null;
  const email = normaliseEmail(raw);
  if (email.length < 3 || email.length > 254 || INVISIBLE.test(email) || LATIN_IMPOSTORS.test(email)) return null;
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const labels = email.slice(at + 1).split('.');
  if (at < 1 || local.length > 64 || !LOCAL_PART.test(local)) return null;
  // A trailing dot ("example.com.") leaves an empty last label, which fails here.
  if (labels.length < 2 || !labels.every((l) => DOMAIN_LABEL.test(l)) || !TOP_LEVEL.test(labels[labels.length - 1]!)) return null;
  if ([local, ...labels].some((part) => mixesScripts(part) || imitatesLatin(part))) return null;
  return email;
}

/**
 * Spaces, dashes, dots and brackets people type between digit groups; a national trunk prefix written after the
 * country code, "+234 (0) 801…", is dropped with its brackets (it is never dialled after one).
 */
export const normalisePhone = (raw: string) =>
  raw
    .normalize('NFKC')
    .replace(/^(\s*\+[\s\-.]*[1-9][0-9\s\-.]{0,4}?)\(\s*0\s*\)/, '$1')
    .replace(/[\s\-.()]/g, '')
    // A Nigerian number never starts with 0 after +234: "+234 0801…" is the trunk 0 written out, not part of it.
    .replace(/^\+2340/, '+234');

/** "+" and 7 to 15 digits (E.164; a country code never starts with 0), or null. */
export function checkPhone(raw: string): string | null {
  if (raw.length > 40) return null;
  const phone = normalisePhone(raw);
  return /^\+[1-9][0-9]{6,14}$/.test(phone) ? phone : null;
}

// Controls, private-use and unassigned code points, and invisible format characters other than the joiners that
// some scripts write inside words (ZWNJ, ZWJ), which are allowed only between letters.
const HIDDEN = /[\p{Cc}\p{Co}\p{Cn}]|(?![\u200c\u200d])\p{Cf}|(?<![\p{L}\p{M}])[\u200c\u200d]|[\u200c\u200d](?![\p{L}\p{M}])/u;
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/gu;
// Real text stacks at most a few marks on one letter; dozens ("Zalgo" text) hide or smear what is written.
const MARK_PILE = /\p{M}{5,}/u;

/**
 * Free text a person reads (a name, an address): NFC-normalised and trimmed, or null when it holds hidden
 * characters, a pile of combining marks, or fewer than `min` visible characters (letters, digits, punctuation,
 * symbols: a name made of zero-width spaces or of combining marks alone is not a name).
 */
export function checkText(raw: string, min: number): string | null {
  const text = raw.normalize('NFC').trim();
  if (HIDDEN.test(text) || MARK_PILE.test(text)) return null;
  return (text.match(VISIBLE)?.length ?? 0) >= min ? text : null;
}

/** A plain decimal numeral ("120000", "120000.00"): never hex, octal, binary, exponent, Infinity or blank. */
export const isDecimalString = (s: string) => /^\s*[0-9]+(?:\.[0-9]+)?\s*$/.test(s);
