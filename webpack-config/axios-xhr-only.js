// axios picks its adapter at run time, the first of 'xhr', 'http', 'fetch' the environment has: a browser always has
// XMLHttpRequest, so the fetch adapter and its helpers (about 4.5 kB gzip of the shell's http-client chunk) never
// run in the portal. Its one importer, axios' lib/adapters/adapters.js, gets a stand-in that says it is unavailable
// (`getFetch` answering false is how axios itself reports a missing fetch), and the build fails if axios stops
// importing it from there.
const ADAPTERS = /[\\/]axios[\\/]lib[\\/]adapters[\\/]adapters\.js$/;
const UNAVAILABLE = 'data:text/javascript,export const getFetch = () => false; export default undefined;';

class AxiosXhrOnlyPlugin {
  apply(compiler) {
    const name = 'AxiosXhrOnlyPlugin';
    compiler.hooks.thisCompilation.tap(name, (compilation, { normalModuleFactory }) => {
      let adapters = false;
      let replaced = false;
      normalModuleFactory.hooks.beforeResolve.tap(name, (data) => {
        if (data.request !== './fetch.js' || !ADAPTERS.test(data.contextInfo.issuer ?? '')) return;
        data.request = UNAVAILABLE;
        replaced = true;
      });
      compilation.hooks.succeedModule.tap(name, (module) => {
        if (ADAPTERS.test(module.resource ?? '')) adapters = true;
      });
      compilation.hooks.finishModules.tap(name, () => {
        if (adapters && !replaced) {
          compilation.errors.push(
            new compiler.webpack.WebpackError(
              `${name}: axios' adapters.js no longer imports ./fetch.js; check the new axios and update webpack-config/axios-xhr-only.js.`,
            ),
          );
        }
      });
    });
  }
}

module.exports = { AxiosXhrOnlyPlugin };
