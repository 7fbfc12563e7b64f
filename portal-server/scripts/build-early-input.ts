// `npm run build -w portal-server`: the prerendered pages' inline script, minified (src/lib/early-input.ts reads it).
import fs from 'node:fs/promises';
import path from 'node:path';
import { buildEarlyInputScript, earlyInputBuiltFile } from '../src/lib/early-input-build';

export default async function buildEarlyInput(): Promise<void> {
  await fs.mkdir(path.dirname(earlyInputBuiltFile), { recursive: true });
  await fs.writeFile(earlyInputBuiltFile, await buildEarlyInputScript());
}

if (require.main === module) void buildEarlyInput();
