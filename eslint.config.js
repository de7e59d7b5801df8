import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { featureBoundaries } from './tools/eslint/feature-boundaries.js';
import { serverModuleBoundaries } from './tools/eslint/server-module-boundaries.js';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '**/.data/**',
      'data/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: {
      'react-hooks': reactHooks,
      local: { rules: { 'feature-boundaries': featureBoundaries } },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'local/feature-boundaries': 'error',
    },
  },
  {
    // Server modules meet only through index.ts and only downwards (MODULE_LAYERS); shared code
    // (db, http, lib, jobs, realtime, events, access, shape) imports no module.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { local: { rules: { 'server-module-boundaries': serverModuleBoundaries } } },
    rules: { 'local/server-module-boundaries': 'error' },
  },
  {
    // Packages never import apps (ARCHITECTURE.md).
    files: ['packages/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/**', '@ridealong/server', '@ridealong/web'],
              message: 'A package never imports an app.',
            },
          ],
        },
      ],
    },
  },
);
