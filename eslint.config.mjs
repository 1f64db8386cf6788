import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';

/** Which libs a project may import, by its tags (package.json "nx.tags"). */
const DEPENDENCY_RULES = [
  { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: [] },
  { sourceTag: 'type:dataset', onlyDependOnLibsWithTags: [] },
  { sourceTag: 'type:platform', onlyDependOnLibsWithTags: ['type:contracts'] },
  // The typed client of the public API and what is built on it (the MCP tools).
  { sourceTag: 'type:client', onlyDependOnLibsWithTags: ['type:client', 'type:platform', 'type:contracts'] },
  // The index interface and query model; its testing entry builds fixtures from the dataset.
  { sourceTag: 'type:company-index', onlyDependOnLibsWithTags: ['type:contracts', 'type:dataset'] },
  // An engine knows the index interface and the contracts (and the platform's plumbing), nothing of the search service.
  { sourceTag: 'type:company-engine', onlyDependOnLibsWithTags: ['type:company-index', 'type:contracts', 'type:platform'] },
  {
    sourceTag: 'type:app',
    onlyDependOnLibsWithTags: ['type:platform', 'type:contracts', 'type:dataset', 'type:client', 'type:company-index', 'type:company-engine'],
  },
  {
    sourceTag: 'type:tool',
    onlyDependOnLibsWithTags: ['type:tool', 'type:platform', 'type:contracts', 'type:dataset', 'type:client', 'type:company-index', 'type:company-engine'],
  },
];

/** An engine's own tests build fixtures from the synthetic dataset; its code does not see it. */
const ENGINE_TEST_RULES = DEPENDENCY_RULES.map((rule) =>
  rule.sourceTag === 'type:company-engine' ? { ...rule, onlyDependOnLibsWithTags: [...rule.onlyDependOnLibsWithTags, 'type:dataset'] } : rule,
);

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'libs/client/src/generated/**', '**/*.cjs', '**/*.mjs', '**/bin/**', '**/prisma.config.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Type-aware rules: a promise nobody awaits loses its error (an unhandled rejection kills the process).
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false } }],
    },
  },
  {
    // Boundaries by the projects' tags (package.json "nx.tags"): apps never import apps, contracts
    // imports nothing of ours, platform only contracts; the public API's clients (the typed client,
    // the MCP tools) only contracts and the API document.
    files: ['**/*.ts'],
    plugins: { '@nx': nx },
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          allow: [],
          depConstraints: DEPENDENCY_RULES,
        },
      ],
    },
  },
  {
    files: ['libs/company-index-*/src/**/*.spec.ts', 'libs/company-index-*/test/**/*.ts'],
    rules: { '@nx/enforce-module-boundaries': ['error', { allow: [], depConstraints: ENGINE_TEST_RULES }] },
  },
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
