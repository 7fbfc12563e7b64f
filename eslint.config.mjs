// One lint configuration for the whole monorepo.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import testingLibrary from 'eslint-plugin-testing-library';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import { tsImport } from 'tsx/esm/api';

// The areas' folders, from the portal's registry: a new area gets the same boundaries.
const { areas, host } = await tsImport('portal-registry', import.meta.url);
const remotes = areas.map((area) => area.dir);

const routerImport = { name: 'react-router-dom', message: "Import routing from 'shared-ui/router' (the shared subset)." };
const toastImport = {
  name: 'react-hot-toast',
  message: "Show messages with `notify` from 'shared-ui': the toast library is downloaded on first use.",
  allowTypeImports: true,
};
const restrictedPaths = [routerImport, toastImport];

/** A remote may not import another remote or the shell: areas meet only through shared packages. */
function boundaryRules(self) {
  const forbidden = [host.dir, ...remotes.filter((r) => r !== self)];
  return {
    'no-restricted-imports': [
      'error',
      {
        paths: restrictedPaths,
        patterns: forbidden.flatMap((name) => [
          { group: [name, `${name}/*`], message: `${self} must not import ${name}: share code through shared-api or shared-ui.` },
          { group: [`**/${name}/**`], message: `${self} must not import ${name}: share code through shared-api or shared-ui.` },
        ]),
      },
    ],
  };
}

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '**/coverage/**', '**/.data/**', '**/test-results/**', '**/playwright-report/**', 'bench-results/**', '**/.releases/**', '.serve/**', '.site/**', '.site.*/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'No dangerouslySetInnerHTML: render text.' },
      ],
    },
  },
  {
    // The router is shared as shared-ui/router, the subset the portal uses; a direct import would bundle a second one.
    // Toasts go through shared-ui's `notify`, which downloads the library when there is a first message.
    files: ['**/*.{ts,tsx}'],
    ignores: ['shared-ui/src/router.ts', 'bench/floor/**'],
    rules: { 'no-restricted-imports': ['error', { paths: restrictedPaths }] },
  },
  {
    // Where the toast library itself is wired: the lazy wrapper, and tests clearing messages between cases.
    files: ['shared-ui/src/lib/notify.ts', 'shared-api/testing/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [routerImport] }] },
  },
  ...remotes.map((name) => ({ files: [`${name}/**/*.{ts,tsx}`], rules: boundaryRules(name) })),
  {
    files: ['**/*.test.{ts,tsx}'],
    ...testingLibrary.configs['flat/react'],
  },
  {
    files: ['**/*.{js,cjs,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Playwright fixtures call `use`, which is not React's hook.
    files: ['e2e/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off', 'no-empty-pattern': 'off' },
  },
  prettier,
);
