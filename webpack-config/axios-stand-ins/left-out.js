// Stands in for the parts of axios the portal never runs (webpack-config/axios-subset.js); a use throws, naming them.
function leftOut() {
  throw new Error("This part of axios is left out of the portal's build (webpack-config/axios-subset.js)");
}

// The helpers' own shapes: the XSRF cookie reader (never asked: the client sets `withXSRFToken: false`) and the
// progress events (never asked: no call passes a progress callback).
leftOut.read = leftOut;
leftOut.readAsync = leftOut;
leftOut.write = leftOut;
leftOut.remove = leftOut;

export const progressEventReducer = leftOut;
export default leftOut;

/** What a pruned function of axios does instead (`subset-loader.js`): fail, naming it. */
export function leftOutPart(what) {
  throw new Error(`axios' ${what} is left out of the portal's build (webpack-config/axios-subset.js)`);
}

/** Functions standing in for the left-out `names` of an object (utils.js' default export), each naming itself. */
export const leftOutParts = (prefix, names) =>
  Object.fromEntries(names.map((name) => [name, () => leftOutPart(prefix + name)]));
