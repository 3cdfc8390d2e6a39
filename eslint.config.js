import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      '.data/**',
      'openapi/generated/**',
      'web/src/routeTree.gen.ts',
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
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The web app uses libraries through their public entry points only: a package's dist/ files
    // are private and change in any release (web/src/public-api.test.ts checks every import
    // against its package's exports map as well). The API's one such import, Ajv's draft 2020-12
    // build, is the entry point Ajv documents for it.
    files: ['web/**/*.{ts,tsx,js,mjs}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(@[\\w.-]+/)?[\\w.-]+/(.+/)?dist(/|$)',
              message: "A package's dist/ files are private: import an entry point its package.json exports.",
            },
          ],
        },
      ],
    },
  },
);
