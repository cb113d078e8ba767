import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/', 'build/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['scripts/**/*.js', 'test/setup/*.js', '*.js'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly', Buffer: 'readonly' },
    },
  },
  {
    // The core must stay usable from the CLI and any CI: only the Action adapter may talk to @actions/*.
    files: ['src/**/*.ts'],
    ignores: ['src/action/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@actions/*'], message: 'Only src/action/ may import @actions/*.' }] },
      ],
    },
  },
);
