import { leftOutPart } from './left-out.js';

// Stands in for axios' InterceptorManager: the client adds its two interceptors once and never removes one, so what
// axios keeps to make ids and removal safe while a request walks the list is left out (`eject` and `clear` throw,
// naming themselves); adding and walking them is the same, ids included.
export default class InterceptorManager {
  constructor() {
    this.handlers = [];
  }

  use(fulfilled, rejected, options) {
    this.handlers.push({
      fulfilled,
      rejected,
      synchronous: options ? options.synchronous : false,
      runWhen: options ? options.runWhen : null,
    });
    return this.handlers.length - 1;
  }

  eject() {
    leftOutPart('InterceptorManager eject');
  }

  clear() {
    leftOutPart('InterceptorManager clear');
  }

  forEach(fn) {
    for (const handler of this.handlers) fn(handler);
  }
}
