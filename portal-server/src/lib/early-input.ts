// The prerendered pages' inline script, as the package's build wrote it (early-input-build.ts): the server sends it
// as built and allows it by the hash of those bytes.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { earlyInputBuiltFile } from './early-input-build';

let built: string | undefined;

/**
 * The built script, read when the first server is created (its CSP names it), not when this module loads: `npm start`
 * loads it before it builds. A server does not start without it (a page whose script the CSP refuses would lose input).
 */
export function earlyInputScript(): string {
  if (built !== undefined) return built;
  try {
    built = fs.readFileSync(earlyInputBuiltFile, 'utf8');
  } catch {
    throw new Error(`${earlyInputBuiltFile} is missing: run \`npm run build -w portal-server\` first`);
  }
  return built;
}

/** The script's CSP source: allowed by its hash, not by allowing every inline script. */
export const earlyInputScriptSource = () => `'sha256-${createHash('sha256').update(earlyInputScript()).digest('base64')}'`;
