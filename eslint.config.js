import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { boundaryRules } from './scripts/eslint-boundaries.js';

const API_PATH_MESSAGE = 'Call Cartwise endpoints through their route contract (callApi or buildRoutePath), not a hand-written path.';

// Calendar days come from the one date module (packages/contracts/src/domain/dates.ts), which knows time zones.
const HAND_MADE_DAY = {
  selector: "CallExpression[callee.property.name=/^(slice|substring|substr)$/][callee.object.callee.property.name='toISOString']",
  message:
    'Take a calendar day from the date module (toIsoDay, getTodayIso, getLocalTodayIso in @cartwise/contracts), not toISOString().slice.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '.tmp/**',
      'bench/results/**',
      'test-results/**',
      'playwright-report/**',
      'screenshots/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-floating-promises': 'error',
      // Its fixer removed assertions tsc needs (narrowing it does not see); tsc --noEmit stays the judge of those.
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      // Fastify plugins, hooks and handlers are async by contract; one without an await is still correct.
      '@typescript-eslint/require-await': 'off',
      // React event props accept a handler returning a promise; the handlers catch their own errors.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      'no-restricted-syntax': ['error', HAND_MADE_DAY],
    },
  },
  {
    // Tests read untyped JSON bodies (response.json()) on purpose: the assertions are the type check.
    files: ['**/*.test.ts', '**/*.test.tsx', '**/*-test-helpers.ts', 'e2e/**/*.ts', 'server/src/test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  { files: ['**/*.{js,mjs,cjs}'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // The app's own endpoints are called through their route contracts (callApi, buildRoutePath), so a path and its
    // schemas cannot drift apart; better-auth's client owns /api/auth, and /api/docs is a page to link to.
    // (\x2F is '/': a selector's regex cannot hold one.)
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/**/*.test.{ts,tsx}', 'web/src/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        HAND_MADE_DAY,
        { selector: 'Literal[value=/^\\x2Fapi\\x2F(?!auth|docs)/]', message: API_PATH_MESSAGE },
        { selector: 'TemplateElement[value.raw=/^\\x2Fapi\\x2F(?!auth|docs)/]', message: API_PATH_MESSAGE },
      ],
    },
  },
  ...boundaryRules,
);
