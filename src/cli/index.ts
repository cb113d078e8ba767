import { join } from 'node:path';
import { cacheHome } from '../model/cache-home.js';
import { keepCompiledCode } from './compiled-code.js';
import packageJson from '../../package.json' with { type: 'json' };

// This file runs only as dist/cli.js, a CommonJS bundle: its directory holds the chunks it loads.
declare const __dirname: string;

// The rest of the CLI loads after this, from code kept by earlier runs (compiled-code.ts).
keepCompiledCode(__dirname, join(cacheHome(), 'compiled-code'), packageJson.version);

void import('./main.js').then(({ start }) => start());
