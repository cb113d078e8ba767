import { run } from './main.js';

const colour = Boolean(process.stdout.isTTY) && !process.env.NO_COLOR;
process.exitCode = await run(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  colour,
  cwd: process.cwd(),
  env: process.env,
});
