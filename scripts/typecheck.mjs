// Type-check every workspace once (the webpack builds only transpile).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { workspaces } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
let failed = 0;
for (const ws of workspaces) {
  const project = path.join(root, ws, 'tsconfig.json');
  if (!fs.existsSync(project)) continue;
  const result = spawnSync(process.execPath, [tsc, '-p', project, '--noEmit'], { stdio: 'inherit' });
  console.log(`${result.status === 0 ? 'ok  ' : 'FAIL'} typecheck ${ws}`);
  if (result.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
