// What a stubbed-out part of the federation runtime does if it is ever called: fail, saying why.
export function leftOut(what) {
  throw new Error(`Federation runtime: ${what} is left out of this build (webpack-config, RUNTIME_STUBS).`);
}
