import fs from 'node:fs';
import path from 'node:path';
import { transformSync } from '@swc/core';
import { repoRoot } from './first-load';

/* eslint-disable @typescript-eslint/no-require-imports */
type Pruned = Record<string, { functions?: string[]; exports?: string[] }>;
const subsetModule = require(path.join(repoRoot, 'webpack-config', 'axios-subset.js')) as {
  REPLACED: [string, string, string][];
  PRUNED: Pruned;
};
const { subset } = require(path.join(repoRoot, 'webpack-config', 'axios-stand-ins', 'subset-loader.js')) as {
  subset: (source: string, options: { file: string } & Pruned[string]) => { code: string; missing: string[] };
};
/* eslint-enable @typescript-eslint/no-require-imports */

/** axios' lib/ as shared-api resolves it. */
export const axiosLib = path.join(
  path.dirname(require.resolve('axios/package.json', { paths: [path.join(repoRoot, 'shared-api')] })),
  'lib',
);

const posix = (file: string) => file.split(path.sep).join('/');

/**
 * axios' default export loaded from its lib/ sources as a browser build bundles them (package.json's `browser` map),
 * whole or as the portal's subset (the REPLACED imports and PRUNED functions of webpack-config/axios-subset.js),
 * each module compiled to CommonJS by swc. Globals (XMLHttpRequest, window) are read when a module loads.
 */
export function loadAxios({ portalSubset }: { portalSubset: boolean }): unknown {
  const { browser = {} } = JSON.parse(fs.readFileSync(path.join(axiosLib, '..', 'package.json'), 'utf8')) as {
    browser?: Record<string, string>;
  };
  const cache = new Map<string, { exports: Record<string, unknown> }>();
  const load = (file: string): Record<string, unknown> => {
    const cached = cache.get(file);
    if (cached) return cached.exports;
    const inLib = path.relative(axiosLib, file).startsWith('..') ? undefined : posix(path.relative(axiosLib, file));
    let source = fs.readFileSync(file, 'utf8');
    const pruned = portalSubset && inLib ? subsetModule.PRUNED[inLib] : undefined;
    if (pruned) source = subset(source, { file: inLib!, ...pruned }).code;
    const { code } = transformSync(source, {
      filename: file,
      module: { type: 'commonjs' },
      jsc: { target: 'es2022', parser: { syntax: 'ecmascript' } },
    });
    const module = { exports: {} as Record<string, unknown> };
    cache.set(file, module);
    const requireFrom = (request: string): unknown => {
      if (path.isAbsolute(request)) return load(request);
      if (!inLib) return load(path.resolve(path.dirname(file), request));
      const replaced = portalSubset && subsetModule.REPLACED.find(([issuer, r]) => issuer === inLib && r === request);
      if (replaced) return load(replaced[2]);
      const target = `./lib/${path.posix.normalize(path.posix.join(path.posix.dirname(inLib), request))}`;
      return load(path.join(axiosLib, '..', browser[target] ?? target));
    };
    new Function('exports', 'require', 'module', code)(module.exports, requireFrom, module);
    return module.exports;
  };
  return load(path.join(axiosLib, 'axios.js')).default;
}
