import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiClientScripts, distOf, repoRoot } from './first-load';

/* eslint-disable @typescript-eslint/no-require-imports */
const { axiosSubsetProblems } = require(path.join(repoRoot, 'webpack-config', 'axios-subset.js')) as {
  axiosSubsetProblems: (lib?: string) => string[];
};
type Target = { append(key: string, value: unknown): void };
const flatParams = (
  require(path.join(repoRoot, 'webpack-config', 'axios-stand-ins', 'flat-params.js')) as {
    default: (params: unknown, target: Target) => Target;
  }
).default;
// The axios shared-api bundles, as Node loads it (its own build of the same lib/ modules).
const axiosPath = require.resolve('axios', { paths: [path.join(repoRoot, 'shared-api')] });
const axios = require(axiosPath) as { toFormData: (params: unknown, target: Target) => Target };
/* eslint-enable @typescript-eslint/no-require-imports */

const axiosLib = path.join(
  path.dirname(require.resolve('axios/package.json', { paths: [path.dirname(axiosPath)] })),
  'lib',
);

/** The key/value pairs a serialiser appends, as AxiosURLSearchParams collects them before encoding. */
function pairs(serialise: (params: unknown, target: Target) => Target, params: unknown): unknown[] {
  const appended: unknown[] = [];
  serialise(params, { append: (key, value) => appended.push([key, value]) });
  return appended;
}

describe("the portal's axios subset (webpack-config/axios-subset.js)", () => {
  it('fits the installed axios, and a release that moves a replaced import or a pruned function, or reads a left-out helper, fails naming it', () => {
    expect(axiosSubsetProblems()).toEqual([]);
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'axios-lib-'));
    const lib = path.join(copy, 'lib');
    try {
      fs.cpSync(axiosLib, lib, { recursive: true });
      fs.copyFileSync(path.join(axiosLib, '..', 'package.json'), path.join(copy, 'package.json'));
      const file = path.join(lib, 'helpers', 'resolveConfig.js');
      fs.writeFileSync(
        file,
        fs.readFileSync(file, 'utf8').replace("from './cookies.js'", "from '../helpers/cookies.js'"),
      );
      fs.rmSync(path.join(lib, 'helpers', 'AxiosURLSearchParams.js'));
      const headers = path.join(lib, 'core', 'AxiosHeaders.js');
      fs.writeFileSync(headers, fs.readFileSync(headers, 'utf8').replace('getSetCookie() {', 'setCookies() {'));
      const settle = path.join(lib, 'core', 'settle.js');
      fs.writeFileSync(
        settle,
        `${fs.readFileSync(settle, 'utf8')}\nexport const late = (t) => utils.toFiniteNumber(t);\n`,
      );
      expect(axiosSubsetProblems(lib)).toEqual([
        "axios' lib/helpers/AxiosURLSearchParams.js is gone",
        "axios' lib/helpers/resolveConfig.js no longer imports ./cookies.js",
        "axios' lib/core/AxiosHeaders.js has no AxiosHeaders.getSetCookie (once)",
        "axios' lib/core/settle.js reads utils.toFiniteNumber, left out of the portal's axios",
        // The cookie reader, no longer replaced, is bundled, and it reads a left-out helper.
        "axios' lib/helpers/cookies.js reads utils.isNumber, left out of the portal's axios",
      ]);
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
  });

  it("serialises flat query params as axios' toFormData does, and refuses nested ones instead of sending them otherwise", () => {
    const table: Record<string, unknown>[] = [
      { page: 2, per_page: 10 },
      { kit_number: ' KIT-1 /ä?&=+#%' },
      { code: '012345' },
      { id: 7 },
      { kit_id: '12' },
      { a: undefined, b: null, c: 0, d: '', e: false, f: true, g: Number.NaN },
      { ' spaced ': 1, 'list[]': 'x', 'meta{}': 'y' },
      { when: new Date(Date.UTC(2026, 10, 24)) },
      {},
    ];
    for (const params of table) {
      expect({ params, pairs: pairs(flatParams, params) }).toEqual({ params, pairs: pairs(axios.toFormData, params) });
    }
    for (const params of [{ a: { b: 1 } }, { a: [1, 2] }]) {
      expect(() => pairs(flatParams, params)).toThrow(/nested and array params are left out/);
    }
  });

  it("the shell's production API client carries the stand-ins instead of the code they replace", () => {
    const code = apiClientScripts()
      .map((file) => fs.readFileSync(path.join(distOf('shell'), file), 'utf8'))
      .join('\n');
    expect(code).toContain("left out of the portal's build");
    for (const marker of [
      'visitor must be a function', // helpers/toFormData.js
      'FormData field is too deeply', // helpers/formDataToJSON.js
      'executor must be a function', // cancel/CancelToken.js
      'UnprocessableEntity', // helpers/HttpStatusCode.js
      'SameSite=', // helpers/cookies.js
      'lengthComputable', // helpers/progressEventReducer.js
      'Stream request bodies are not supported', // adapters/fetch.js
      'Circular reference detected in params', // core/assertParamsAcyclic.js
      'Transitional option', // helpers/validator.js
      'handlerEntries', // core/InterceptorManager.js
      'columnNumber', // core/AxiosError.js toJSON
      'axios@', // utils.js setImmediate
      'AggregateError', // core/AxiosError.js from
      'REDACTED', // core/buildFullPath.js redactSensitiveURLParts, core/AxiosError.js toJSON
      '2147483647', // adapters/xhr.js scheduleTimeout
    ]) {
      expect({ marker, found: code.includes(marker) }).toEqual({ marker, found: false });
    }
  });
});
