import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/src/data/generated/**', '**/*.cjs', '**/*.mjs', '**/bin/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['../apps/**', '../../apps/**', '../../../apps/**', '../../../../apps/**'], message: 'Nothing imports from apps/.' }] },
      ],
    },
  },
  {
    files: ['libs/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@radar/*'], message: 'contracts depends on nothing of ours.' }] }],
    },
  },
  {
    files: ['libs/platform/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@radar/platform/*', '@radar/dataset', '../../apps/**', '../../../apps/**'], message: 'platform may use contracts only; import siblings relatively.' },
          ],
        },
      ],
    },
  },
);
