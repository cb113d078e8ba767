import { run, wantsColour } from './main.js';

const args = process.argv.slice(2);
process.exitCode = await run(args, {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  colour: wantsColour(process.env, Boolean(process.stdout.isTTY), args.includes('--no-color')),
  cwd: process.cwd(),
  env: process.env,
});
