const fs = require('fs');
const path = require('path');

/**
 * The portal's axios without the code it never runs. axios picks its adapter at run time, the first of 'xhr',
 * 'http', 'fetch' the environment has: a browser always has XMLHttpRequest, so the fetch adapter never runs. The
 * portal's calls send JSON or no body (no FormData, no form-encoded or multipart body), flat query params, no progress
 * callbacks, no cancel tokens (an AbortSignal cancels), and the client sets `withXSRFToken: false` (the API takes a
 * bearer token, never a cookie), so the XSRF cookie reader never runs either; and the portal uses only `create`,
 * `isCancel` and `AxiosError` of the default export. Each import below is replaced where axios makes it (the file
 * under axios' `lib/` and the specifier), by a stand-in in `axios-stand-ins/`; the build fails, naming the import,
 * when an axios release stops making one of them or bundles a left-out module by another path.
 */
const STAND_INS = path.join(__dirname, 'axios-stand-ins');
const leftOut = path.join(STAND_INS, 'left-out.js');

/** [importing file under axios' lib/, its specifier, stand-in] */
const REPLACED = [
  ['adapters/adapters.js', './fetch.js', path.join(STAND_INS, 'no-fetch.js')],
  // The default export's extras the portal never calls: CancelToken, HttpStatusCode, toFormData, formToJSON.
  ['axios.js', './cancel/CancelToken.js', leftOut],
  ['axios.js', './helpers/HttpStatusCode.js', leftOut],
  ['axios.js', './helpers/toFormData.js', leftOut],
  ['axios.js', './helpers/formDataToJSON.js', leftOut],
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
];

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
      normalModuleFactory.hooks.beforeResolve.tap(name, (data) => {
        const issuer = inAxiosLib(data.contextInfo.issuer);
        if (!issuer) return;
        const entry = REPLACED.find(([file, request]) => file === issuer && request === data.request);
        if (!entry) return;
        data.request = entry[2];
        replaced.add(`${issuer} ${entry[1]}`);
      });
      compilation.hooks.succeedModule.tap(name, (module) => {
        const file = inAxiosLib(module.resource);
        if (!file) return;
        built.add(file);
        if (LEFT_OUT.has(file)) bundled.set(file, module);
      });
      compilation.hooks.finishModules.tap(name, () => {
        const problems = [];
        for (const [issuer, request] of REPLACED) {
          if (built.has(issuer) && !replaced.has(`${issuer} ${request}`)) {
            problems.push(`axios' lib/${issuer} no longer imports ${request}`);
          }
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

/**
 * The same check without a build, on axios' sources (`npm test`, budgets/): the replaced imports each file of
 * REPLACED must still make. `lib` defaults to the axios shared-api bundles.
 */
function axiosSubsetProblems(lib = path.join(path.dirname(axiosPackageJson()), 'lib')) {
  return REPLACED.flatMap(([issuer, request]) => {
    const file = path.join(lib, issuer);
    if (!fs.existsSync(file)) return [`axios' lib/${issuer} is gone`];
    const source = fs.readFileSync(file, 'utf8');
    return source.includes(`from '${request}'`) ? [] : [`axios' lib/${issuer} no longer imports ${request}`];
  });
}

module.exports = { AxiosSubsetPlugin, axiosSubsetProblems };
