import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Import zones of apps/web/src: app → features → components/lib → @c2p/domain.
const WEB = 'apps/web/src';
const UPWARD = {
  regex: String.raw`^(?:\.\./)+(?:features|app)(?:/|$)`,
  message: 'components/ and lib/ sit below features/ and app/: take what you need as a prop or a registered listener.',
};
const INTO_APP = {
  regex: String.raw`^(?:\.\./)+app(?:/|$)`,
  message: 'features/ sit below app/: let the app layer pass it in.',
};
/** From a file `depth` folders inside features/X/, a path into another feature past its index.ts. */
const pastPublicEntry = (depth) => ({
  regex: String.raw`^(?:\.\./){${depth}}(?!\.)[^/]+/.+`,
  message: "Import another feature only through its public entry (its index.ts, e.g. '../cart').",
});
const featureZone = (depth) => ({
  files: [`${WEB}/features/*/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
  ignores: ['**/*.test.{ts,tsx}'],
  rules: { 'no-restricted-imports': ['error', { patterns: [INTO_APP, pastPublicEntry(depth)] }] },
});

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/drizzle/meta/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // Tests may wire layers together (a lib test with the real API log, shared test helpers).
  {
    files: [`${WEB}/{components,lib}/**/*.{ts,tsx}`],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [UPWARD] }] },
  },
  // Issue 12: no function over 80 lines in src/ (tests aside). A function may be exempted by a
  // disable comment for this rule only with a comment saying why splitting it would hurt.
  {
    files: ['**/src/**/*.{ts,tsx,js,mjs}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  featureZone(1),
  featureZone(2),
  featureZone(3),
  {
    files: [`${WEB}/**/*.{ts,tsx}`],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
);
