import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import commonjs from '@rollup/plugin-commonjs';
import json from '@rollup/plugin-json';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';

// Self-contained CommonJS bundles: the Action runs dist/index.js with no node_modules, and the CLI
// must start fast (issue: speed at monorepo scale), so neither loads anything it does not use.
// CommonJS, not ESM, although the sources and @actions/* are ES modules: node's ESM loader costs
// every start 9-15 ms for the CLI and 20-50 for the Action (Node 20 and 24, docs/performance.md).
// dist/package.json says so to node, whatever the root package.json says.
const commonJsDist = {
  name: 'commonjs-dist',
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: 'package.json', source: '{ "type": "commonjs" }\n' });
  },
};

/**
 * A chunk rollup names for a library's entry file (`index`) is named for the library: `cli-yaml.js`,
 * not `cli-index2.js`.
 */
const chunkNames = (prefix) => (chunk) => {
  const library =
    chunk.name.startsWith('index') &&
    ['yaml', 'picomatch'].find((name) => chunk.moduleIds.some((id) => id.includes(`/node_modules/${name}/`)));
  return `${prefix}-${library || '[name]'}.js`;
};

/** Chunks a build no longer makes are removed first: a stale one would ship and pass the stale-dist check. */
const cleanDist = {
  name: 'clean-dist',
  buildStart() {
    for (const file of existsSync('dist') ? readdirSync('dist') : [])
      if (file.endsWith('.js')) rmSync(join('dist', file));
  },
};

const bundle = (input, output, banner, plugins = []) => ({
  input,
  // Dynamic imports of chunks become require() calls: an import() would start the ESM loader anyway.
  output: {
    format: 'cjs',
    banner,
    sourcemap: false,
    dynamicImportInCjs: false,
    // Named for what it holds: its own entry file is `build/index.js`.
    manualChunks: (id) => (id.includes('/node_modules/re2js/') ? 're2js' : undefined),
    ...output,
  },
  plugins: [
    typescript({ tsconfig: './tsconfig.build.json' }),
    nodeResolve({ preferBuiltins: true, exportConditions: ['node'] }),
    commonjs(),
    json(),
    // Half the bytes to decode and compile at every start; names are kept for readable stack traces.
    // A CommonJS module's top level is a function's scope, so its names may be shortened too. Text
    // past ASCII is escaped: one such character (a '→' in a message) makes the whole chunk a
    // two-byte string to V8, slower to decode and to compile (docs/performance.md, stop 63).
    terser({
      toplevel: true,
      compress: false,
      mangle: true,
      format: { comments: /^!|^#|@license/, ascii_only: true },
    }),
    commonJsDist,
    ...plugins,
  ],
  onwarn(warning, warn) {
    // Dependencies' own bundling quirks (TypeScript helpers using top-level `this`, internal cycles) are theirs.
    const inDependency = /node_modules/.test(warning.ids?.[0] ?? warning.id ?? warning.loc?.file ?? '');
    if (inDependency && ['CIRCULAR_DEPENDENCY', 'THIS_IS_UNDEFINED'].includes(warning.code)) return;
    // One of ours leaves a module half-initialised while the other loads: the build fails on it.
    if (warning.code === 'CIRCULAR_DEPENDENCY') throw new Error(`import cycle: ${warning.message}`);
    warn(warning);
  },
});

// Each is split where it imports the engine: a check loads the judge (and the renderers, fix, scan,
// ajv) only where the change needs them. The CLI's entry (dist/cli.js) only sets up the kept
// compiled code (src/cli/compiled-code.ts) and loads cli-main.js: the arguments, the commands, the
// git layer and the text report, one chunk for what every check runs (one file to load, not three).
export default [
  bundle(
    'src/action/index.ts',
    { dir: 'dist', entryFileNames: 'index.js', chunkFileNames: chunkNames('action') },
    undefined,
    [cleanDist],
  ),
  bundle(
    'src/cli/index.ts',
    { dir: 'dist', entryFileNames: 'cli.js', chunkFileNames: chunkNames('cli') },
    // Only the file that runs: a chunk is required, and its first line is code.
    (chunk) => (chunk.isEntry ? '#!/usr/bin/env node' : ''),
  ),
];
