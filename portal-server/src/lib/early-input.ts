// The prerendered pages' inline script, as the package's build wrote it (early-input-build.ts): the server sends it
// as built and allows it by the hash of those bytes.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { earlyInputBuiltFile } from './early-input-build';

/** The built script; the server does not start without it (a page whose script the CSP refuses would lose input). */
function readBuilt(): string {
  try {
    return fs.readFileSync(earlyInputBuiltFile, 'utf8');
  } catch {
    throw new Error(`${earlyInputBuiltFile} is missing: run \`npm run build -w portal-server\` first`);
  }
}

export const EARLY_INPUT_SCRIPT = readBuilt();

/** The script's CSP source: allowed by its hash, not by allowing every inline script. */
export const EARLY_INPUT_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(EARLY_INPUT_SCRIPT).digest('base64')}'`;
