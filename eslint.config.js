import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'web/dist',
      'cdk.out',
      '.data',
      'coverage',
      'test-results',
      'layers/ffmpeg/build',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The SPA must not reach into server code other than the shared contracts.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/functions/*', '!**/functions/contracts'],
              message: 'Import shared shapes from @contracts only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['functions/**/*.ts'],
    rules: {
      // Handlers and domain code must not depend on the local runtime or the SPA.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/infra/*', '**/web/*'],
              message: 'functions/ runs in Lambda: no imports from infra/ or web/.',
            },
          ],
        },
      ],
    },
  },
);
