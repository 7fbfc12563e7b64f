// Stands in for axios' option validator, which Axios.js asks on every request about the transitional options, the
// params serializer and two misspelt keys: the same answers, warnings and messages, without the deprecation notices
// of a transitional option given a version (no axios call here gives one). What axios throws as an AxiosError is an
// Error with the same message and code here: it is thrown before any interceptor, never seen by a portal caller.
const validators = {
  boolean: (thing) => typeof thing === 'boolean' || 'a boolean',
  function: (thing) => typeof thing === 'function' || 'a function',
  // axios' own calls each pass a validator and no version: the check is the validator's.
  transitional: (validator) => validator,
  spelling: (correctSpelling) => (value, opt) => {
    console.warn(`${opt} is likely a misspelling of ${correctSpelling}`);
    return true;
  },
};

const refuse = (message, code) => {
  throw Object.assign(new Error(message), { code });
};

function assertOptions(options, schema, allowUnknown) {
  if (typeof options !== 'object' || options === null) refuse('options must be an object', 'ERR_BAD_OPTION_VALUE');
  const keys = Object.keys(options);
  for (let i = keys.length; i-- > 0;) {
    const opt = keys[i];
    const validator = Object.prototype.hasOwnProperty.call(schema, opt) ? schema[opt] : undefined;
    if (validator) {
      const value = options[opt];
      const result = value === undefined || validator(value, opt, options);
      if (result !== true) refuse(`option ${opt} must be ${result}`, 'ERR_BAD_OPTION_VALUE');
    } else if (allowUnknown !== true) {
      refuse(`Unknown option ${opt}`, 'ERR_BAD_OPTION');
    }
  }
}

export default { assertOptions, validators };
