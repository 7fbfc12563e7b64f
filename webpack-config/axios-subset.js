const fs = require('fs');
const path = require('path');

/**
 * The portal's axios without the code it never runs. axios picks its adapter at run time, the first of 'xhr',
 * 'http', 'fetch' the environment has: a browser always has XMLHttpRequest, so the fetch adapter never runs. The
 * portal's calls send JSON or no body (no FormData, no form-encoded or multipart body), flat query params, no progress
 * callbacks, no cancel tokens (an AbortSignal cancels), and the client sets `withXSRFToken: false` (the API takes a
 * bearer token, never a cookie), so the XSRF cookie reader never runs either; and the portal uses only `create`,
 * `isCancel` and `AxiosError` of the default export. It adds its two interceptors once, never removes one, passes
 * only valid options and never nests params, so removing interceptors and checking options and params for what it
 * never passes are left out too. Each import below is replaced where axios makes it (the file under axios' `lib/` and
 * the specifier), by a stand-in in `axios-stand-ins/`; in the modules that do run, what the portal never reaches
 * (functions, branches, what follows a branch, mergeConfig keys) is pruned and a few functions run only the portal's
 * case through a stand-in (PRUNED). The build fails, naming the import, function, branch or key, when an axios release
 * stops making one of those imports, moves or reshapes a pruned or rewritten part, bundles a left-out module by
 * another path or reads a left-out helper.
 */
const STAND_INS = path.join(__dirname, 'axios-stand-ins');
const leftOut = path.join(STAND_INS, 'left-out.js');

/** [importing file under axios' lib/, its specifier, stand-in] */
const REPLACED = [
  ['adapters/adapters.js', './fetch.js', path.join(STAND_INS, 'no-fetch.js')],
  // The default export's extras the portal never calls: CancelToken, HttpStatusCode, toFormData, formToJSON, spread,
  // isAxiosError (the client tests `instanceof AxiosError`).
  ['axios.js', './cancel/CancelToken.js', leftOut],
  ['axios.js', './helpers/HttpStatusCode.js', leftOut],
  ['axios.js', './helpers/toFormData.js', leftOut],
  ['axios.js', './helpers/formDataToJSON.js', leftOut],
  ['axios.js', './helpers/spread.js', leftOut],
  ['axios.js', './helpers/isAxiosError.js', leftOut],
  // Request bodies other than JSON: FormData, form-encoded, multipart.
  ['defaults/index.js', '../helpers/toFormData.js', leftOut],
  ['defaults/index.js', '../helpers/toURLEncodedForm.js', leftOut],
  ['defaults/index.js', '../helpers/formDataToJSON.js', leftOut],
  ['helpers/resolveConfig.js', '../core/setFormDataHeaders.js', leftOut],
  // Query params: flat ones only.
  ['helpers/AxiosURLSearchParams.js', './toFormData.js', path.join(STAND_INS, 'flat-params.js')],
  // The XSRF cookie and progress events.
  ['helpers/resolveConfig.js', './cookies.js', leftOut],
  ['helpers/resolveConfig.js', './isURLSameOrigin.js', leftOut],
  ['adapters/xhr.js', '../helpers/cookies.js', leftOut],
  ['adapters/xhr.js', '../helpers/progressEventReducer.js', leftOut],
  // Checks of what the portal's calls never pass: option types (validator.js) and cycles in flat params.
  ['core/Axios.js', '../helpers/validator.js', path.join(STAND_INS, 'validator.js')],
  ['core/mergeConfig.js', './assertParamsAcyclic.js', path.join(STAND_INS, 'assert-params-acyclic.js')],
  // Interceptors added once and never removed.
  ['core/Axios.js', './InterceptorManager.js', path.join(STAND_INS, 'interceptor-manager.js')],
];

/**
 * What the portal never reaches in the modules that do run, by file under axios' lib/ (`axios-stand-ins/
 * subset-loader.js`), so the minifier drops what only it used: `functions` keep their name and throw, naming
 * themselves, if called; `exports` are names of the file's default-export object left out the same way; `rewritten`
 * functions hand their arguments (and the module values `with` names) to a stand-in that runs the portal's case;
 * `branches` and `elses` are `if` conditions, as axios writes them, whose branch (or else) throws; `tails` are `if`
 * conditions whose branch returns, and what follows it in its block throws; `keys` are entries of an object literal
 * left out.
 */
const PRUNED = {
  // Serialising an error (the interceptor turns every AxiosError into an ApiError) and wrapping another one: only a
  // response parsed strictly (`silentJSONParsing: false`), basic auth and the asynchronous XSRF cookie read wrap one.
  'core/AxiosError.js': { functions: ['AxiosError.toJSON', 'AxiosError.from'] },
  // A URL without a request; the caller's stack added to an error's (axios-stand-ins/axios-request.js); the path of
  // requests whose request interceptors are all synchronous (the client adds one, without `synchronous`); and
  // recognising an AxiosHeaders from another copy of axios among the per-method headers (the portal's are plain).
  'core/Axios.js': {
    functions: ['Axios.getUri'],
    rewritten: { 'Axios.request': { standIn: 'axios-request.js', as: 'requestWithoutCallerStack' } },
    tails: [
      '!synchronousRequestInterceptors',
      'value == null || utils.isPlainObject(value) || value instanceof AxiosHeaders',
    ],
  },
  // Request and response bodies: JSON or none, and text from XMLHttpRequest (axios-stand-ins/json-body.js).
  'defaults/index.js': {
    functions: ['stringifySafely'],
    rewritten: {
      transformRequest: { standIn: 'json-body.js', as: 'jsonRequest' },
      transformResponse: { standIn: 'json-body.js', as: 'jsonResponse', with: ['defaults'] },
    },
  },
  // Picking an adapter: axios' default list, whose first a browser has (axios-stand-ins/xhr-adapter.js).
  'adapters/adapters.js': {
    rewritten: { getAdapter: { standIn: 'xhr-adapter.js', as: 'xhrAdapter', with: ['knownAdapters'] } },
  },
  // FormData read back into an object and Promise.all (the default export's formToJSON and all).
  'axios.js': { functions: ['axios.formToJSON', 'axios.all'] },
  // Header helpers no call of axios' makes in a browser: Content-Type parameters, Set-Cookie, clearing, printing,
  // and what reading a header with a parser, testing one with a matcher or normalising names to Title-Case take.
  'core/AxiosHeaders.js': {
    functions: [
      'AxiosHeaders.parseParameters',
      'AxiosHeaders.getSetCookie',
      'AxiosHeaders.clear',
      'AxiosHeaders.toString',
      'AxiosHeaders.has',
      'AxiosHeaders.delete',
      'parseTokens',
      'matchHeaderValue',
      'formatHeader',
    ],
    // Headers given as an iterable (a Headers object, a Map): the portal gives plain objects; and a header read
    // through a parser (axios and the portal read values as they are).
    branches: ['utils.isObject(header) && utils.isSafeIterable(header)'],
    tails: ['!parser'],
  },
  // A request's `validateStatus: undefined` (the portal never passes one) asks the transitional option what it means.
  // A key missing from mergeMap is merged as mergeDeepProperties merges it, which is defaultToConfig2's answer unless
  // both configs hold a plain object there: the options below never do (paramsSerializer can, so it stays).
  'core/mergeConfig.js': {
    functions: ['getMergedTransitionalOption'],
    rewritten: {
      mergeParams: { standIn: 'flat-params.js', as: 'mergeFlatParams', with: ['utils', 'ownEnumerableKeys'] },
    },
    keys: {
      mergeMap: {
        value: 'defaultToConfig2',
        names: [
          'baseURL',
          'transformRequest',
          'transformResponse',
          'timeout',
          'timeoutErrorMessage',
          'withCredentials',
          'withXSRFToken',
          'adapter',
          'responseType',
          'xsrfCookieName',
          'xsrfHeaderName',
          'onUploadProgress',
          'onDownloadProgress',
          'decompress',
          'maxContentLength',
          'maxBodyLength',
          'beforeRedirect',
          'transport',
          'httpAgent',
          'httpsAgent',
          'cancelToken',
          'socketPath',
          'allowedSocketPaths',
          'responseEncoding',
        ],
      },
    },
  },
  // The message of a URL missing its "//": the base URL comes from runtime config (parsed as a URL) and every path
  // is relative.
  'core/buildFullPath.js': { functions: ['redactSensitiveURLParts'] },
  // The asynchronous XSRF cookie read (the client sets `withXSRFToken: false`) and progress events (no call passes a
  // progress callback).
  // A browser without `onloadend` on XMLHttpRequest, and a URL whose protocol is not axios' (the API's is https).
  'adapters/xhr.js': {
    branches: [
      'xsrfCookieName',
      'onDownloadProgress',
      'onUploadProgress && request.upload',
      'protocol && !platform.protocols.includes(protocol)',
    ],
    elses: ["'onloadend' in request"],
  },
  // Basic auth, a FormData body and the XSRF header (the client sends a bearer token, JSON bodies, no XSRF header).
  'helpers/resolveConfig.js': { branches: ['auth', 'utils.isFormData(data)', 'shouldSendXSRF'] },
  // Helpers no module of the portal's axios reads (the build fails naming the module that starts reading one), and
  // flattening a config an interceptor replaced with an object of its own (the client's returns axios' config).
  'utils.js': {
    tails: ['sourcePrototype === null && isSafeAndFullyMutable(thing)'],
    exports: [
      'isNumber',
      'isBoolean',
      'isEmptyObject',
      'isRequest',
      'isHeaders',
      'isDate',
      'isReactNativeBlob',
      'isTypedArray',
      'inherits',
      'toFlatObject',
      'kindOf',
      'kindOfTest',
      'endsWith',
      'toArray',
      'forEachEntry',
      'matchAll',
      'hasOwnProperty',
      'hasOwnInPrototypeChain',
      'noop',
      'toFiniteNumber',
      'global',
      'isContextDefined',
      'isSpecCompliantForm',
      'toJSONObject',
      'isAsyncFn',
      'setImmediate',
      'asap',
      'isIterable',
      'stripBOM',
      'isHTMLForm',
      'isArrayBuffer',
      'isArrayBufferView',
      'isStream',
      'isFile',
      'isBlob',
      'isFileList',
      'isReadableStream',
      'isResponse',
      'trim',
      'isReactNative',
      'isThenable',
      'isRegExp',
    ],
  },
};
const UTILS_LEFT_OUT = PRUNED['utils.js'].exports;

/** The left-out helpers of utils.js that `source` (a module of the portal's axios) reads. */
const leftOutUtilsRead = (source) => UTILS_LEFT_OUT.filter((name) => new RegExp(`\\butils\\.${name}\\b`).test(source));

const subsetLoader = path.join(STAND_INS, 'subset-loader.js');
const { subset } = require(subsetLoader);

const AXIOS_LIB = /[\\/]axios[\\/]lib[\\/](.+)$/;

/** The file's path under axios' lib/ (forward slashes), or undefined outside axios. */
function inAxiosLib(resource) {
  const match = AXIOS_LIB.exec(resource ?? '');
  return match ? match[1].split(path.sep).join('/') : undefined;
}

/** lib/ files no part of the portal's axios may bundle: each replaced import's target. */
const LEFT_OUT = new Set(
  REPLACED.map(([issuer, request]) => path.posix.normalize(path.posix.join(path.posix.dirname(issuer), request))),
);

class AxiosSubsetPlugin {
  apply(compiler) {
    const name = 'AxiosSubsetPlugin';
    compiler.hooks.thisCompilation.tap(name, (compilation, { normalModuleFactory }) => {
      const built = new Set();
      const replaced = new Set();
      const bundled = new Map();
      const reads = new Map();
      normalModuleFactory.hooks.beforeResolve.tap(name, (data) => {
        const issuer = inAxiosLib(data.contextInfo.issuer);
        if (!issuer) return;
        const entry = REPLACED.find(([file, request]) => file === issuer && request === data.request);
        if (!entry) return;
        data.request = entry[2];
        replaced.add(`${issuer} ${entry[1]}`);
      });
      normalModuleFactory.hooks.afterResolve.tap(name, (resolveData) => {
        const data = resolveData.createData;
        const file = inAxiosLib(data.resource);
        if (!file || !PRUNED[file]) return;
        data.loaders = [
          ...(data.loaders ?? []),
          { loader: subsetLoader, options: { file, ...PRUNED[file] }, ident: `axios-subset:${file}` },
        ];
      });
      compilation.hooks.succeedModule.tap(name, (module) => {
        const file = inAxiosLib(module.resource);
        if (!file) return;
        built.add(file);
        if (LEFT_OUT.has(file)) bundled.set(file, module);
        const read = file === 'utils.js' ? [] : leftOutUtilsRead(module.originalSource()?.source().toString() ?? '');
        if (read.length > 0) reads.set(file, read);
      });
      compilation.hooks.finishModules.tap(name, () => {
        const problems = [];
        for (const [issuer, request] of REPLACED) {
          if (built.has(issuer) && !replaced.has(`${issuer} ${request}`)) {
            problems.push(`axios' lib/${issuer} no longer imports ${request}`);
          }
        }
        for (const [file, read] of reads) {
          problems.push(`axios' lib/${file} reads utils.${read.join(', utils.')}, left out of the portal's axios`);
        }
        for (const [file, module] of bundled) {
          const importers = [...compilation.moduleGraph.getIncomingConnections(module)]
            .map((c) => inAxiosLib(c.originModule?.resource) ?? c.originModule?.resource)
            .filter(Boolean);
          problems.push(
            `axios' lib/${file}, left out of the portal's axios, is bundled (imported by ${[...new Set(importers)].join(', ')})`,
          );
        }
        for (const problem of problems) {
          compilation.errors.push(
            new compiler.webpack.WebpackError(
              `${name}: ${problem}; check the new axios and update webpack-config/axios-subset.js.`,
            ),
          );
        }
      });
    });
  }
}

const axiosPackageJson = () =>
  require.resolve('axios/package.json', { paths: [path.join(__dirname, '..', 'shared-api')] });

/** The lib/ files a browser build of axios loads from lib/axios.js (package.json's `browser` map), REPLACED's left out. */
function browserModules(lib) {
  const { browser = {} } = JSON.parse(fs.readFileSync(path.join(lib, '..', 'package.json'), 'utf8'));
  const seen = new Set();
  const pending = ['axios.js'];
  while (pending.length > 0) {
    const file = pending.pop();
    if (seen.has(file) || !fs.existsSync(path.join(lib, file))) continue;
    seen.add(file);
    const source = fs.readFileSync(path.join(lib, file), 'utf8');
    for (const [, request] of source.matchAll(/^(?:import|export)\b[^;]*?\bfrom '(\.[^']+)'/gm)) {
      if (REPLACED.some(([issuer, replaced]) => issuer === file && replaced === request)) continue;
      const target = `./lib/${path.posix.normalize(path.posix.join(path.posix.dirname(file), request))}`;
      pending.push((browser[target] ?? target).replace(/^\.\/lib\//, ''));
    }
  }
  return seen;
}

/**
 * The same checks without a build, on axios' sources (`npm test`, budgets/): the replaced imports each file of
 * REPLACED must still make, the functions and names PRUNED must find, and no module a browser loads reading a left-out
 * helper of utils.js. `lib` defaults to the axios shared-api bundles.
 */
function axiosSubsetProblems(lib = path.join(path.dirname(axiosPackageJson()), 'lib')) {
  const imports = REPLACED.flatMap(([issuer, request]) => {
    const file = path.join(lib, issuer);
    if (!fs.existsSync(file)) return [`axios' lib/${issuer} is gone`];
    const source = fs.readFileSync(file, 'utf8');
    return source.includes(`from '${request}'`) ? [] : [`axios' lib/${issuer} no longer imports ${request}`];
  });
  const loaded = [...browserModules(lib)].sort();
  const pruned = Object.entries(PRUNED).flatMap(([file, options]) => {
    if (!loaded.includes(file)) return [`axios' lib/${file} is no longer loaded`];
    const { missing } = subset(fs.readFileSync(path.join(lib, file), 'utf8'), { file, ...options });
    return missing.map((name) => `axios' lib/${file} has no ${name} (once)`);
  });
  const reads = loaded.flatMap((file) => {
    if (file === 'utils.js') return [];
    const source = fs.readFileSync(path.join(lib, file), 'utf8');
    const { code } = PRUNED[file] ? subset(source, { file, ...PRUNED[file] }) : { code: source };
    const read = leftOutUtilsRead(code);
    return read.length > 0
      ? [`axios' lib/${file} reads utils.${read.join(', utils.')}, left out of the portal's axios`]
      : [];
  });
  return [...imports, ...pruned, ...reads];
}

module.exports = { AxiosSubsetPlugin, axiosSubsetProblems, browserModules, REPLACED, PRUNED };
