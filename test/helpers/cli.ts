import { run } from '../../src/cli/main.js';

/** The CLI in-process, with its output captured. */
export async function cli(
  args: string[],
  options: {
    colour?: boolean;
    cwd?: string;
    env?: Record<string, string>;
    stderrTty?: boolean;
    columns?: number;
    width?: number;
  } = {},
) {
  let stdout = '';
  let stderr = '';
  const code = await run(args, {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    colour: options.colour ?? false,
    stderrTty: options.stderrTty,
    columns: options.columns,
    width: options.width,
    cwd: options.cwd ?? process.cwd(),
    env: options.env ?? {},
  });
  return { code, stdout, stderr };
}
