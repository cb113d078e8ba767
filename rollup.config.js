import commonjs from '@rollup/plugin-commonjs';
import json from '@rollup/plugin-json';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';

// Self-contained ESM bundles: the Action runs dist/index.js with no node_modules, and the CLI
// must start fast (issue: speed at monorepo scale), so neither loads anything it does not use.
// Some CommonJS dependencies call require() behind guards; ESM has none, so give them one.
const requireShim =
  "import { createRequire as __crgCreateRequire } from 'node:module';\nconst require = __crgCreateRequire(import.meta.url);";

const bundle = (input, output, banner) => ({
  input,
  output: { format: 'es', banner, sourcemap: false, ...output },
  plugins: [
    typescript({ tsconfig: './tsconfig.build.json' }),
    nodeResolve({ preferBuiltins: true, exportConditions: ['node'] }),
    commonjs(),
    json(),
    // Half the bytes to decode and compile at every start; names are kept for readable stack traces.
    terser({ module: true, compress: false, mangle: true, format: { comments: /^!|^#|@license/ } }),
  ],
  onwarn(warning, warn) {
    // Dependencies' own bundling quirks (TypeScript helpers using top-level `this`, internal cycles) are theirs.
    const inDependency = /node_modules/.test(warning.ids?.[0] ?? warning.id ?? warning.loc?.file ?? '');
    if (inDependency && ['CIRCULAR_DEPENDENCY', 'THIS_IS_UNDEFINED'].includes(warning.code)) return;
    warn(warning);
  },
});

// Each is split where it imports the engine: the CLI's help, version and usage errors load only
// the argument tables (dist/cli.js), and a command the engine chunk then; the Action loads the
// judge, the fix engine and ajv only for a run that needs them.
export default [
  bundle(
    'src/action/index.ts',
    { dir: 'dist', entryFileNames: 'index.js', chunkFileNames: 'action-[name].js' },
    requireShim,
  ),
  bundle(
    'src/cli/index.ts',
    { dir: 'dist', entryFileNames: 'cli.js', chunkFileNames: 'cli-[name].js' },
    `#!/usr/bin/env node\n${requireShim}`,
  ),
];
