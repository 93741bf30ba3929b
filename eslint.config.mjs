// ESLint: Next's recommended and Core Web Vitals rules, typescript-eslint's recommended rules, and the
// layer boundaries of docs/architecture.md. Formatting is Prettier's job (eslint-config-prettier last).
import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import prettier from 'eslint-config-prettier/flat';

const SERVER_ONLY = ['@/lib/server', '@/lib/server/*', '@/lib/db', '@/lib/db/*'];
const GATE = ['@/lib/backend', '@/lib/backend/*'];
const COMPONENTS = ['@/components', '@/components/*'];
const APP = ['@/app', '@/app/*'];

const forbid = (groups, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: groups, message }] }],
});

// A module marked 'use client' runs in the browser: it reaches data only through lib/client/api.ts.
const useClientBoundary = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    let isClient = false;
    return {
      Program(node) {
        isClient = node.body.some((s) => s.type === 'ExpressionStatement' && s.directive === 'use client');
      },
      ImportDeclaration(node) {
        const from = String(node.source.value);
        if (isClient && /^@\/lib\/(server|db|backend)(\/|$)/.test(from)) {
          context.report({
            node,
            message: `A 'use client' module must not import ${from}: call the API through lib/client/api.ts.`,
          });
        }
      },
    };
  },
};

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    plugins: { layers: { rules: { 'use-client-boundary': useClientBoundary } } },
    rules: {
      'layers/use-client-boundary': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // Off: our effects set state when they fetch, or when they read what only the browser has
      // (localStorage, the top bar's portal slot, a prop changed by the back button). The rule is
      // written for the React Compiler, which this app does not use.
      'react-hooks/set-state-in-effect': 'off',
    },
  },
  // A module over 400 lines holds more than one thing: split it by what it holds (tests are exempt,
  // a suite may walk many cases of one call).
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    ignores: ['tests/**', 'e2e/**'],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
  // Components reach data through the page gate (server components) or the typed client (islands).
  {
    files: ['components/**'],
    rules: forbid(SERVER_ONLY, 'Components reach data through lib/backend/page-gate or lib/client/api.'),
  },
  {
    files: ['lib/client/**'],
    rules: forbid(
      [...SERVER_ONLY, ...GATE, ...COMPONENTS, ...APP],
      'Browser code calls the API through lib/client/api.',
    ),
  },
  // The domain rules and the contract are pure: no database, no transport, no UI.
  {
    files: ['lib/domain/**', 'lib/contract/**'],
    rules: forbid([...SERVER_ONLY, ...GATE, ...COMPONENTS, ...APP], 'lib/domain and lib/contract are pure.'),
  },
  {
    files: ['lib/**'],
    ignores: ['lib/domain/**', 'lib/contract/**', 'lib/client/**'],
    rules: forbid([...COMPONENTS, ...APP], 'lib/ never imports components/ or app/.'),
  },
  prettier,
  globalIgnores([
    '.next/**',
    '.next-*/**',
    'node_modules/**',
    'data/**',
    '.e2e-data/**',
    '.ui-data/**',
    'bench-data/**',
    'bench-results/**',
    'test-results/**',
    'playwright-report/**',
    'outbox/**',
    'next-env.d.ts',
    'drizzle/**',
  ]),
]);
