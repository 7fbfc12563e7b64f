// Stands in for @module-federation/sdk's logger.js in the shell's production build: the same loggers on the console
// (or the delegate set), without what only a developer's debug mode (FEDERATION_DEBUG) adds, debug messages and a
// stack trace on every message, and without the build-time binding to webpack's logger.
import { leftOut } from './left-out.js';

const PREFIX = '[ Module Federation ]';

class Logger {
  constructor(prefix) {
    this.prefix = prefix;
    this.delegate = console;
  }

  setPrefix(prefix) {
    this.prefix = prefix;
  }

  setDelegate(delegate) {
    this.delegate = delegate ?? console;
  }

  emit(method, args) {
    const target = typeof this.delegate[method] === 'function' ? this.delegate : console;
    target[method](this.prefix, ...args);
  }

  log(...args) {
    this.emit('log', args);
  }

  warn(...args) {
    this.emit('warn', args);
  }

  error(...args) {
    this.emit('error', args);
  }

  success(...args) {
    this.emit('info', args);
  }

  info(...args) {
    this.emit('info', args);
  }

  ready(...args) {
    this.emit('info', args);
  }

  debug() {}
}

const createLogger = (prefix) => new Logger(prefix);
const bindLoggerToCompiler = () => leftOut("binding a logger to webpack's compiler");
const logger = createLogger(PREFIX);

export {
  bindLoggerToCompiler,
  createLogger as createInfrastructureLogger,
  createLogger,
  logger as infrastructureLogger,
  logger,
};
