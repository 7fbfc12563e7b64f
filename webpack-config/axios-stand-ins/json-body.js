import { leftOutPart } from './left-out.js';

// Stand-ins for axios' default transformRequest and transformResponse: the portal's request bodies are JSON or none,
// and its answers come from XMLHttpRequest as text; these run axios' own steps for those and leave out FormData,
// HTML forms, files, blobs, buffers, streams, URLSearchParams and form-encoded or multipart bodies, which throw here,
// naming themselves, rather than being sent otherwise.

const own = (obj, key) => (obj != null && Object.prototype.hasOwnProperty.call(obj, key) ? obj[key] : undefined);

const NOT_JSON =
  /^\[object (?:HTMLFormElement|FormData|ArrayBuffer|Blob|File|FileList|URLSearchParams|ReadableStream)\]$/;

export function jsonRequest(data, headers) {
  const contentType = headers.getContentType() || '';
  const isObjectPayload = data !== null && typeof data === 'object';
  if (
    isObjectPayload &&
    (NOT_JSON.test(Object.prototype.toString.call(data)) ||
      ArrayBuffer.isView(data) ||
      typeof data.pipe === 'function' ||
      /application\/x-www-form-urlencoded|multipart\/form-data/.test(contentType))
  ) {
    leftOutPart('lib/defaults/index.js transformRequest');
  }
  if (isObjectPayload || contentType.indexOf('application/json') > -1) {
    headers.setContentType('application/json', false);
    if (typeof data === 'string') {
      try {
        JSON.parse(data);
        return data.trim();
      } catch (e) {
        if (e.name !== 'SyntaxError') throw e;
      }
    }
    return JSON.stringify(data);
  }
  return data;
}

// A Response or a ReadableStream (what axios' fetch adapter answers with) is not text: it is returned as it came, as
// axios returns it.
export function jsonResponse(data, defaults) {
  const transitional = own(this, 'transitional') || defaults.transitional;
  const responseType = own(this, 'responseType');
  const JSONRequested = responseType === 'json';
  if (
    data &&
    typeof data === 'string' &&
    ((transitional && transitional.forcedJSONParsing && !responseType) || JSONRequested)
  ) {
    try {
      return JSON.parse(data, own(this, 'parseReviver'));
    } catch {
      if (JSONRequested && !(transitional && transitional.silentJSONParsing)) {
        leftOutPart('lib/defaults/index.js transformResponse');
      }
    }
  }
  return data;
}
