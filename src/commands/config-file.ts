import type { ErrorObject } from 'ajv';
import { UsageError } from '../model/errors.js';
import type { FailOn } from '../model/status.js';
import type { ConfigKind, NotCheckedReason, ObjectId } from '../model/types.js';
import type { Repository, Revision } from '../stages/1-git/repository.js';
import type { EngineOptions, RenderMode, Rules } from './options.js';

/** The repository's own configuration, at its root unless `--config` / the `config` input says otherwise. */
export const CONFIG_FILE = '.config-rollout-guard.yaml';

interface Selector {
  kind?: string;
  namespace?: string;
  name?: string;
}

/** The file as written; docs/config.schema.json is its contract. */
interface FileContent {
  include?: string[];
  exclude?: string[];
  'fail-on'?: FailOn;
  annotation?: string;
  'pod-templates'?: Record<string, string[]>;
  ignore?: { workload?: Selector; config?: Selector & { kind?: ConfigKind }; reason: string }[];
  reloads?: { workload: Selector; reason?: string }[];
  'reload-sidecars'?: string[];
  reloader?: { 'auto-reload-all'?: boolean };
  render?: RenderMode;
  'warn-not-checked'?: { reason?: NotCheckedReason; path?: string }[];
  'max-file-mib'?: number;
  remote?: 'off' | false | { allow?: string[] };
  roots?: string[];
  kustomize?: string;
  helm?: string;
  'kube-version'?: string;
  charts?: { path: string; release?: string; namespace?: string; values?: string[] }[];
}

// Loaded and compiled on first use, with the schema: most runs have no configuration file, and ajv
// costs every start.
let compiled: (((content: unknown) => content is FileContent) & { errors?: ErrorObject[] | null }) | null =
  null;
const validator = async () =>
  (compiled ??= new (await import('ajv')).Ajv({ allErrors: true, strict: false }).compile<FileContent>(
    (await import('../../docs/config.schema.json', { with: { type: 'json' } })).default,
  ));

/**
 * The configuration at `rev` (for a change, its base: the trusted side), as engine options and a
 * fail level. A missing default file is no
 * configuration; a missing named file, YAML that does not parse, or any mistake against the schema
 * is a usage error that lists every mistake with its line.
 */
export async function readConfigFile(
  repo: Repository,
  rev: Revision,
  path: string | null,
): Promise<{ options: EngineOptions; failOn?: FailOn; path: string }> {
  const file = path ?? CONFIG_FILE;
  // Whether the revision holds it, asked first: a file it holds but this run cannot read (a
  // partial clone's missing content) would otherwise read as no configuration.
  if ((await repo.existing(rev, [file])).length === 0) {
    if (path)
      throw new UsageError(
        `the configuration file ${file} does not exist${rev ? ` at ${rev.slice(0, 7)}` : ''}.`,
      );
    return { options: {}, path: file };
  }
  const [text] = await repo.readMany(rev, [file]);
  if (text === null)
    throw new UsageError(
      rev
        ? `the configuration file ${file} is in ${rev.slice(0, 7)}, but git does not have its content in this clone (a partial clone that could not fetch it).`
        : `the configuration file ${file} cannot be read.`,
    );
  // Read only where there is a configuration file: most runs have none.
  const { LineCounter, isNode, parseDocument } = await import('yaml');
  const picomatch = (await import('picomatch')).default;
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, version: '1.1', prettyErrors: false });
  if (doc.errors.length) {
    const error = doc.errors[0];
    throw new UsageError(`${file}:${lines.linePos(error.pos[0]).line}: not valid YAML (${error.code}).`);
  }
  const content: unknown = doc.toJS() ?? {};
  const lineAt = (keys: (string | number)[]) => {
    const node = doc.getIn(keys, true);
    return isNode(node) && node.range ? lines.linePos(node.range[0]).line : 1;
  };
  const validate = await validator();
  if (!validate(content)) {
    // An unknown key's line is its own, not that of the mapping that holds it.
    const lineOf = (error: ErrorObject) =>
      lineAt([
        ...error.instancePath
          .split('/')
          .slice(1)
          .map((k) => (/^\d+$/.test(k) ? Number(k) : k.replace(/~1/g, '/').replace(/~0/g, '~'))),
        ...(error.keyword === 'additionalProperties'
          ? [(error.params as { additionalProperty: string }).additionalProperty]
          : []),
      ]);
    const mistakes = [
      ...new Set(
        (validate.errors ?? [])
          .map((error) => ({ line: lineOf(error), text: describe(error) }))
          .sort((a, b) => a.line - b.line)
          .map(({ line, text }) => `${file}:${line}: ${text}`),
      ),
    ];
    throw new UsageError(
      `the configuration has ${mistakes.length === 1 ? 'a mistake' : `${mistakes.length} mistakes`}:`,
      mistakes,
    );
  }
  return {
    options: {
      ...(content.include ? { include: content.include } : {}),
      ...(content.exclude ? { exclude: content.exclude } : {}),
      ...(content['pod-templates']
        ? { podTemplatePaths: new Map(Object.entries(content['pod-templates'])) }
        : {}),
      ...(content.annotation ? { hash: { annotation: content.annotation } } : {}),
      ...(content.render ? { render: content.render } : {}),
      ...(content['warn-not-checked']
        ? {
            warnNotChecked: content['warn-not-checked'].map((rule) => ({
              ...(rule.reason ? { reason: rule.reason } : {}),
              ...(rule.path ? { path: picomatch(rule.path, { dot: true }) } : {}),
            })),
          }
        : {}),
      ...(content['max-file-mib'] ? { maxFileMib: content['max-file-mib'] } : {}),
      ...(content.remote !== undefined
        ? {
            remote:
              typeof content.remote === 'object'
                ? { enabled: true, allow: content.remote.allow ?? [] }
                : { enabled: false, allow: [] },
          }
        : {}),
      ...(content.roots ? { roots: content.roots } : {}),
      ...(content.kustomize ? { kustomize: content.kustomize } : {}),
      ...(content.helm ? { helm: content.helm } : {}),
      ...(content['kube-version'] ? { kubeVersion: content['kube-version'] } : {}),
      ...(content.charts
        ? {
            charts: content.charts.map((chart, i) => ({
              ...chart,
              declaredAt: { file, line: lineAt(['charts', i]) },
            })),
          }
        : {}),
      rules: rules(content, picomatch),
    },
    ...(content['fail-on'] ? { failOn: content['fail-on'] } : {}),
    path: file,
  };
}

function describe(error: ErrorObject): string {
  const at = error.instancePath ? `${error.instancePath.slice(1).replace(/\//g, '.')}: ` : '';
  if (error.keyword === 'additionalProperties')
    return `${at}unknown key '${(error.params as { additionalProperty: string }).additionalProperty}'`;
  if (error.keyword === 'enum')
    return `${at}must be one of ${(error.params as { allowedValues: unknown[] }).allowedValues.join(', ')}`;
  return `${at}${error.message ?? 'is not valid'}`;
}

/** Selectors as predicates: every glob given must match. */
function rules(content: FileContent, picomatch: typeof import('picomatch')): Rules {
  const matcher = (selector: Selector | undefined) => {
    if (!selector) return () => true;
    const tests = (['kind', 'namespace', 'name'] as const).flatMap((field) =>
      selector[field] === undefined ? [] : [[field, picomatch(selector[field]!, { dot: true })] as const],
    );
    return (o: ObjectId) => tests.every(([field, test]) => test(o[field] ?? ''));
  };
  return {
    ignore: (content.ignore ?? []).map((rule) => ({
      workload: rule.workload ? matcher(rule.workload) : null,
      config: rule.config ? matcher(rule.config) : null,
      reason: rule.reason,
    })),
    reloads: (content.reloads ?? []).map((rule) => matcher(rule.workload)),
    sidecars: content['reload-sidecars'] ?? [],
    reloaderAutoReloadAll: content.reloader?.['auto-reload-all'] ?? false,
  };
}
