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
    // The public system adds these components' recipes only when lazy-ui.ts loads: imported from
    // Chakra directly, they could render unstyled. The admin desk has the full system.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/components/lazy-ui.ts', 'web/src/features/admin/**', 'web/src/theme/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@chakra-ui/react',
              importNames: [
                'Card',
                'createToaster',
                'Field',
                'Input',
                'NativeSelect',
                'Spinner',
                'Tabs',
                'Textarea',
                'Toast',
                'Toaster',
              ],
              message: 'Import it from src/components/lazy-ui.ts, which adds its recipe.',
            },
          ],
        },
      ],
    },
  },
);
