// One jest preset for every package: swc transpiles (type-checking is `npm run typecheck`, once).
const path = require('path');

/** @param {{ environment?: 'jsdom' | 'node', setupFiles?: string[] }} [options] */
module.exports = function preset(options = {}) {
  const environment = options.environment ?? 'jsdom';
  return {
    testEnvironment: environment === 'jsdom' ? 'jest-fixed-jsdom' : 'node',
    testEnvironmentOptions: environment === 'jsdom' ? { customExportConditions: [''] } : {},
    transform: {
      '^.+\\.(t|j|mj|cj)sx?$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    // msw and its helpers ship ESM-only pieces; let swc turn them into CommonJS.
    transformIgnorePatterns: ['/node_modules/(?!(msw|@mswjs|until-async|rettime|@bundled-es-modules|outvariant|strict-event-emitter|headers-polyfill|@open-draft)/)'],
    moduleNameMapper: {
      '\\.(css|svg|png|jpg)$': path.join(__dirname, 'jest.file-stub.js'),
    },
    setupFiles: environment === 'jsdom' ? [path.join(__dirname, 'jest.polyfills.js')] : [],
    setupFilesAfterEnv: options.setupFiles ?? [],
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)', '<rootDir>/test/**/*.test.ts?(x)'],
    clearMocks: true,
  };
};
