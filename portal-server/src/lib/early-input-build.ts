// Build-time: the prerendered pages' inline script (src/browser/early-input.ts) minified into dist/early-input.js by
// the package's build (scripts/build-early-input.ts).
import path from 'node:path';

const packageRoot = path.resolve(__dirname, '..', '..');
export const earlyInputSourceFile = path.join(packageRoot, 'src', 'browser', 'early-input.ts');
export const earlyInputBuiltFile = path.join(packageRoot, 'dist', 'early-input.js');

/** The script minified, as one statement the page runs in <head> (esbuild, which tsx already brings). */
export async function buildEarlyInputScript(): Promise<string> {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [earlyInputSourceFile],
    bundle: true,
    minify: true,
    format: 'iife',
    // The portal's browsers (browserslist of the apps' builds) run ES2017 without help.
    target: 'es2017',
    legalComments: 'none',
    write: false,
  });
  return result.outputFiles[0]!.text.trim();
}

