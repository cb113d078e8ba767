import module from 'node:module';
import { join } from 'node:path';
import { cacheHome } from '../model/cache-home.js';
import { run, wantsColour } from './main.js';
import { finish, stopOnSignals } from '../programs/run.js';

// Node 22.1+ keeps V8's compiled code on disk, so the engine chunk a command imports compiles once
// per machine, not once per run; older Node has no such cache and goes on without it. It is kept in
// the tool's own cache, not Node's default under the shared temporary directory (NODE_COMPILE_CACHE,
// when set, has enabled it before this line and wins).
(module as { enableCompileCache?: (dir: string) => unknown }).enableCompileCache?.(
  join(cacheHome(), 'node-compile-cache'),
);

stopOnSignals((line) => process.stderr.write(`${line}\n`));
const args = process.argv.slice(2);
void run(args, {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  colour: wantsColour(process.env, Boolean(process.stdout.isTTY), args.includes('--no-color')),
  width: process.stdout.isTTY ? process.stdout.columns : undefined,
  stderrTty: Boolean(process.stderr.isTTY),
  columns: process.stderr.columns,
  cwd: process.cwd(),
  env: process.env,
}).then(finish);
