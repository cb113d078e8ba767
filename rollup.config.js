import commonjs from '@rollup/plugin-commonjs';
import json from '@rollup/plugin-json';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import typescript from '@rollup/plugin-typescript';

// Two self-contained ESM bundles: the Action runs dist/index.js with no node_modules, and the CLI
// must start fast (issue: speed at monorepo scale), so neither loads anything it does not use.
// Some CommonJS dependencies call require() behind guards; ESM has none, so give them one.
const requireShim =
  "import { createRequire as __crgCreateRequire } from 'node:module';\nconst require = __crgCreateRequire(import.meta.url);";

const bundle = (input, file, banner) => ({
  input,
  output: { file, format: 'es', banner, sourcemap: false, inlineDynamicImports: true },
  plugins: [
    typescript({ tsconfig: './tsconfig.build.json' }),
    nodeResolve({ preferBuiltins: true, exportConditions: ['node'] }),
    commonjs(),
    json(),
  ],
  onwarn(warning, warn) {
    // Dependencies' own bundling quirks (TypeScript helpers using top-level `this`, internal cycles) are theirs.
    const inDependency = /node_modules/.test(warning.ids?.[0] ?? warning.id ?? warning.loc?.file ?? '');
    if (inDependency && ['CIRCULAR_DEPENDENCY', 'THIS_IS_UNDEFINED'].includes(warning.code)) return;
    warn(warning);
  },
});

export default [
  bundle('src/action/index.ts', 'dist/index.js', requireShim),
  bundle('src/cli/index.ts', 'dist/cli.js', `#!/usr/bin/env node\n${requireShim}`),
];
