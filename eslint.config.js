import js from '@eslint/js';
import redos from 'eslint-plugin-redos';
import tseslint from 'typescript-eslint';

const yamlParsers = {
  name: 'yaml',
  importNames: ['parse', 'parseDocument', 'parseAllDocuments'],
  message: "Read YAML through src/model/yaml.ts: yaml's own check for keys written twice is quadratic.",
};

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
    // YAML is read through model/yaml.ts, whose check for keys written twice is linear.
    files: ['src/**/*.ts'],
    ignores: ['src/action/**', 'src/model/yaml.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [yamlParsers],
          patterns: [{ group: ['@actions/*'], message: 'Only src/action/ may import @actions/*.' }],
        },
      ],
    },
  },
  {
    files: ['src/action/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [yamlParsers] }] },
  },
  {
    // A pull request's text reaches the tool's own patterns, and nothing stops a pattern on the main
    // thread: one that backtracks polynomially on a crafted line holds the run for hours, past every
    // deadline (docs/security.md, item 6). The checker's verdicts by automaton are kept between runs.
    files: ['src/**/*.ts'],
    plugins: { redos },
    rules: { 'redos/no-vulnerable': ['error', { ignoreErrors: false, cache: true }] },
  },
);
