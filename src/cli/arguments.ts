/**
 * A command's options, in the shape of node's `util.parseArgs`; only a flag has a one-letter form
 * (`-h`, `-v`).
 */
export type OptionSpec = { type: 'boolean'; short?: string } | { type: 'string'; multiple?: boolean };

export type ArgumentValues = Record<string, string | boolean | string[] | undefined>;

/** A mistake in the arguments; `unknown` is the option given that none is (`--fromat`): the caller adds the hint. */
export class ArgumentError extends Error {
  constructor(
    message: string,
    readonly unknown: string | null = null,
  ) {
    super(message);
  }
}

/**
 * The arguments after the command word, as GNU-style options: `--name value`, `--name=value`, a
 * repeatable option once per use, flags alone or grouped (`-hv`), and after `--` only positionals.
 * It answers what node's `util.parseArgs` in strict mode answers, with each mistake as an
 * `ArgumentError` that names its option, so the hint does not depend on node's wording; and it runs
 * from the CLI's kept code, where node's parser compiled on every run (0.4 ms, docs/performance.md,
 * stop 63).
 */
export function parseArguments(
  args: readonly string[],
  options: Readonly<Record<string, OptionSpec>>,
  allowPositionals: boolean,
): { values: ArgumentValues; positionals: string[] } {
  const values: ArgumentValues = {};
  const positionals: string[] = [];
  const flags = new Map(
    Object.entries(options).flatMap(([name, spec]) =>
      spec.type === 'boolean' && spec.short ? [[spec.short, name]] : [],
    ),
  );
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--') {
      positionals.push(...args.slice(i + 1));
      break;
    }
    if (arg.startsWith('--')) {
      const equals = arg.indexOf('=');
      const name = arg.slice(2, equals < 0 ? undefined : equals);
      const spec = Object.hasOwn(options, name) ? options[name] : undefined;
      if (!spec) throw new ArgumentError(`unknown option '--${name}'.`, `--${name}`);
      if (spec.type === 'boolean') {
        if (equals >= 0) throw new ArgumentError(`--${name} takes no value.`);
        values[name] = true;
        continue;
      }
      const value = equals < 0 ? args[++i] : arg.slice(equals + 1);
      if (value === undefined) throw new ArgumentError(`--${name} needs a value.`);
      // `--repo --base main` is a forgotten value more often than a path that starts with a dash.
      if (equals < 0 && value.startsWith('-') && value !== '-')
        throw new ArgumentError(
          `--${name} needs a value, and ${value} is an option; write --${name}=${value} for a value that starts with '-'.`,
        );
      values[name] = spec.multiple ? [...((values[name] as string[] | undefined) ?? []), value] : value;
      continue;
    }
    if (arg.startsWith('-') && arg !== '-') {
      for (const letter of arg.slice(1)) {
        const name = flags.get(letter);
        if (name === undefined) throw new ArgumentError(`unknown option '-${letter}'.`, `-${letter}`);
        values[name] = true;
      }
      continue;
    }
    positionals.push(arg);
  }
  if (positionals.length && !allowPositionals)
    throw new ArgumentError(`unexpected argument '${positionals[0]}': this command takes options only.`);
  return { values, positionals };
}
