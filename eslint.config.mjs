import path from 'node:path';
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

/**
 * One skeleton for every service (docs/architecture.md): `src/` holds main.ts, service.ts and
 * config.ts, and the rooms below; nothing else. The cli is a tool, not a service.
 */
const SERVICE_ROOMS = new Set(['http', 'events', 'use-cases', 'data', 'clients', 'domain']);
const SERVICE_ROOT_FILE = /^(main|service|config)(\.spec)?\.ts$/;

const serviceSkeleton = {
  meta: { type: 'problem', schema: [], messages: { offSkeleton: '{{entry}} is off the service skeleton: rooms http, events, use-cases, data, clients, domain; main.ts, service.ts, config.ts (docs/architecture.md)' } },
  create(context) {
    const relative = path.relative(import.meta.dirname, context.filename).split(path.sep);
    const [apps, service, src, entry, ...below] = relative;
    if (apps !== 'apps' || service === 'cli' || src !== 'src' || entry === undefined) return {};
    const fits = below.length === 0 ? SERVICE_ROOT_FILE.test(entry) : SERVICE_ROOMS.has(entry);
    return fits ? {} : { Program: (node) => context.report({ node, messageId: 'offSkeleton', data: { entry: `apps/${service}/src/${entry}` } }) };
  },
};

/** Prisma owns the schema and the migrations; at run time the database is reached with pg, in data/. */
const NO_PRISMA_CLIENT = [{ group: ['@prisma/client', '@prisma/client/*', '@prisma/adapter-pg', '**/generated/prisma/**'], message: 'Services reach their databases with pg in data/; Prisma keeps the schemas and migrations only.' }];

/** What a room must not reach for: repositories run statements, routes and consumers call use cases. */
const ROOM_IMPORT_RULES = [
  { files: ['apps/*/src/**/*.ts'], paths: [] },
  {
    files: ['apps/*/src/data/**/*.ts'],
    paths: [
      { name: '@radar/platform/outbox', message: 'Events are written by use cases, in their transaction.' },
      { name: '@radar/platform/metrics', message: 'Metrics are counted by use cases, after the commit.' },
      { name: '@radar/platform/errors', importNames: ['AppError'], message: 'A repository returns rows; the use case decides what is an error.' },
    ],
  },
  {
    files: ['apps/*/src/http/**/*.ts', 'apps/*/src/events/**/*.ts'],
    paths: [{ name: 'pg', message: 'Routes and consumers call use cases; SQL lives in data/.' }],
  },
];

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
  {
    files: ['apps/*/src/**/*.ts'],
    ignores: ['apps/cli/**'],
    plugins: { radar: { rules: { 'service-skeleton': serviceSkeleton } } },
    rules: { 'radar/service-skeleton': 'error' },
  },
  ...ROOM_IMPORT_RULES.map(({ files, paths }) => ({ files, rules: { 'no-restricted-imports': ['error', { paths, patterns: NO_PRISMA_CLIENT }] } })),
);
