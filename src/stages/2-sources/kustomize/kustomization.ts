import { posix } from 'node:path';
import { readBlockYaml } from '../../../model/block-yaml.js';
import { parseAllDocuments } from '../../../model/yaml.js';
import { isRecord } from '../../../model/values.js';
import { insideRepository } from '../paths.js';
import type { Refusal } from '../tools.js';

export const KUSTOMIZATION_FILES = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'];

export const isKustomizationFile = (path: string): boolean =>
  KUSTOMIZATION_FILES.includes(posix.basename(path));

/** The repository's files at one revision, as the reader asks about them. */
export interface RepositoryTree {
  isDir(path: string): boolean;
  exists(path: string): boolean;
}

/** A chart a kustomization inflates (`helmCharts`), as far as rendering needs it. */
export interface HelmChartEntry {
  name: string;
  version: string | null;
  /** The chart repository it is pulled from; null when it lies in the chart home already. */
  repo: string | null;
}

/**
 * What one kustomization file points at, as repository paths (or remote URLs), never its content,
 * and why it must not be built, if it must not. The reader is the gate in front of kustomize: a
 * build reads only files this reader named, each inside the repository.
 */
export interface Kustomization {
  /** The directory, relative to the repository root ('' for the root). */
  dir: string;
  file: string;
  component: boolean;
  /** Directories or files given as `resources`, `bases` and `components`. */
  includes: string[];
  /** Components only: a Component's resources never make a directory part of something else. */
  components: string[];
  /** Every other file the build reads: patches, generator inputs, replacements, configurations… */
  inputs: string[];
  /** Generator inputs that are directories: every file in them is read. */
  inputDirs: string[];
  /** Files and directories named by `generators`/`transformers`/`validators`: plugin configurations, vetted before a build. */
  pluginFiles: string[];
  pluginDirs: string[];
  /** Values files, schemas, plugin files and URL resources that kustomize would fetch over the network. */
  remote: string[];
  /** `resources`/`bases`/`components` entries that are remote: git bases (`//subdir?ref=`), or URL files. */
  remoteBases: string[];
  /** Files a `configMapGenerator` reads by HTTP(S) URL (`files: [key=https://…]`): fetched like a URL resource. */
  remoteFiles: string[];
  /** Why this kustomization is not built: each a reason and a sentence naming the field. Empty when it may be. */
  refused: Refusal[];
  /** The charts it inflates (`helmCharts`): the build then needs helm. */
  charts: HelmChartEntry[];
  /** Its chart home, read whole (`helmGlobals.chartHome`, default `charts`). */
  chartHome: string | null;
  /**
   * Whether it copies fields from object to object (`replacements`, `vars`) or runs plugin
   * configurations (`transformers`, `generators`): then one resource's edit can change another.
   */
  copies: boolean;
}

/**
 * kustomize's own order for a target: a path that exists in the repository is local; else a URL,
 * a git address, a `?ref=` query or a host-like first segment is fetched over the network.
 */
export const isRemote = (entry: string, exists: (path: string) => boolean = () => false): boolean =>
  /^[a-z][a-z0-9+.-]*:\/\/|^git@|^[a-z][a-z0-9+.-]*::/i.test(entry) ||
  (/^github\.com\/|\?ref=|\?version=|\/\/|^[^./][^/]*\.[a-z]{2,}\/./i.test(entry) &&
    !exists(posix.normalize(entry)));

/** The kinds kustomize runs without plugins enabled, and the fields of each that name files. */
const BUILTIN_PLUGINS: Record<string, readonly string[]> = {
  ConfigMapGenerator: ['files', 'envs', 'env'],
  SecretGenerator: ['files', 'envs', 'env'],
  PatchTransformer: ['path'],
  PatchJson6902Transformer: ['path'],
  PatchStrategicMergeTransformer: ['paths'],
  ReplacementTransformer: ['replacements'],
  HelmChartInflationGenerator: [],
  AnnotationsTransformer: [],
  LabelTransformer: [],
  NamespaceTransformer: [],
  PrefixTransformer: [],
  SuffixTransformer: [],
  PrefixSuffixTransformer: [],
  ImageTagTransformer: [],
  ReplicaCountTransformer: [],
  HashTransformer: [],
  SortOrderTransformer: [],
  ValueAddTransformer: [],
};

/** A chart or release name, a version, an API version: strings kustomize hands helm as arguments. */
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const RELEASE = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const VERSION = /^[A-Za-z0-9^~<>=*.,| +-]+$/;
const API_VERSION = /^[A-Za-z0-9][A-Za-z0-9./-]*$/;

/**
 * Reads a kustomization for the paths it depends on and vets it. It must parse as one YAML
 * document without duplicate keys (what kustomize reads, and nothing else); every path-bearing
 * field, those of inline plugin configurations included, must stay inside the repository; every
 * string kustomize hands helm as an argument must fit its grammar. Anything else is `refused`.
 */
export function readKustomization(file: string, text: string, tree: RepositoryTree): Kustomization {
  const k = blank(file);
  const dir = k.dir;
  const body = singleDocument(text, (why) =>
    k.refused.push({ reason: 'refused', message: `${file} ${why}` }),
  );
  if (body === null) return k;
  k.component = body.kind === 'Component';
  const refuse = (why: string) => k.refused.push({ reason: 'refused', message: `${file}: ${why}` });
  const local = (entry: string, fieldName: string): string | null => {
    const path = insideRepository(dir, entry);
    if (path === null) refuse(`${fieldName} names ${entry}, outside the repository`);
    return path;
  };
  const files: { entry: string; field: string }[] = [];
  const remote = (entry: string) => isRemote(entry, (p) => tree.exists(posix.join(dir, p)));

  for (const fieldName of ['resources', 'bases', 'components']) {
    for (const entry of strings(body[fieldName])) {
      if (remote(entry)) {
        k.remoteBases.push(entry);
        continue;
      }
      const path = local(entry, fieldName);
      if (path === null) continue;
      k.includes.push(path);
      if (fieldName === 'components') k.components.push(path);
    }
  }
  for (const patch of records(body.patches)) files.push(...named([patch.path], 'patches'));
  for (const patch of records(body.patchesJson6902)) files.push(...named([patch.path], 'patchesJson6902'));
  // An entry of patchesStrategicMerge is a path, or an inline patch (which has a newline or a colon).
  files.push(
    ...named(
      strings(body.patchesStrategicMerge).filter((p) => !/[\n:]/.test(p)),
      'patchesStrategicMerge',
    ),
  );
  k.copies = [body.replacements, body.vars, body.transformers, body.generators].some(
    (field) => field !== undefined && field !== null && !(Array.isArray(field) && field.length === 0),
  );
  for (const replacement of records(body.replacements))
    files.push(...named([replacement.path], 'replacements'));
  for (const fieldName of ['configMapGenerator', 'secretGenerator'])
    for (const generator of records(body[fieldName])) files.push(...generatorFiles(generator, fieldName));
  files.push(...named(strings(body.configurations), 'configurations'), ...named(strings(body.crds), 'crds'));
  if (isRecord(body.openapi)) files.push(...named([body.openapi.path], 'openapi.path'));
  if (body.helmChartInflationGenerator !== undefined)
    refuse('helmChartInflationGenerator (deprecated) names a helm binary and arguments; use helmCharts');

  const globals = isRecord(body.helmGlobals) ? body.helmGlobals : {};
  if (typeof globals.configHome === 'string') local(globals.configHome, 'helmGlobals.configHome');
  for (const chart of records(body.helmCharts)) {
    k.charts.push(helmChart(chart, refuse));
    files.push(...named([chart.valuesFile], 'helmCharts.valuesFile'));
    files.push(...named(strings(chart.additionalValuesFiles), 'helmCharts.additionalValuesFiles'));
  }
  if (k.charts.length) {
    // Charts are read from the chart home (one pulled from a repository lands there too).
    k.chartHome = local(
      typeof globals.chartHome === 'string' ? globals.chartHome : 'charts',
      'helmGlobals.chartHome',
    );
  }

  // Entries are files of plugin configurations, directories whose build yields them, or inline
  // configurations (text with a newline). Only built-in plugins run (no --enable-alpha-plugins or
  // --enable-exec is ever given); their path fields are vetted like the kustomization's own.
  for (const fieldName of ['transformers', 'generators', 'validators']) {
    for (const entry of strings(body[fieldName])) {
      if (entry.includes('\n')) {
        k.refused.push(...vetPluginText(entry, `${file} (inline ${fieldName})`, dir));
        continue;
      }
      if (remote(entry)) {
        k.remote.push(entry);
        continue;
      }
      const path = local(entry, fieldName);
      if (path === null) continue;
      if (tree.isDir(path)) {
        k.includes.push(path);
        k.pluginDirs.push(path);
      } else k.pluginFiles.push(path);
    }
  }
  for (const { entry, field: fieldName } of files) {
    if (remote(entry)) {
      // A Secret's input is never fetched: its values would reach kustomize's messages unredacted.
      if (fieldName === 'configMapGenerator files' && /^https?:\/\//i.test(entry)) k.remoteFiles.push(entry);
      else k.remote.push(entry);
      continue;
    }
    const path = local(entry, fieldName);
    if (path === null) continue;
    if (tree.isDir(path)) k.inputDirs.push(path);
    else k.inputs.push(path);
  }
  return k;
}

/**
 * A kustomization the commit holds whose content this clone lacks (a partial clone that could not
 * fetch it): what it reads is not known, so nothing it is part of is built.
 */
export function unreadKustomization(file: string): Kustomization {
  const k = blank(file);
  k.refused.push({
    reason: 'not-in-clone',
    message: `git does not have the content of ${file} in this clone (a partial clone that could not fetch it), so what it reads is not known`,
  });
  return k;
}

function blank(file: string): Kustomization {
  return {
    dir: posix.dirname(file) === '.' ? '' : posix.dirname(file),
    file,
    component: false,
    includes: [],
    components: [],
    inputs: [],
    inputDirs: [],
    pluginFiles: [],
    pluginDirs: [],
    remote: [],
    remoteBases: [],
    remoteFiles: [],
    refused: [],
    charts: [],
    chartHome: null,
    copies: false,
  };
}

/** The one document of a YAML file, as kustomize reads it, or null after saying why it is not. */
function singleDocument(text: string, refuse: (why: string) => void): Record<string, unknown> | null {
  // Read without the library, it is one mapping, without errors or a key written twice.
  const printed = readBlockYaml(text);
  if (printed) return printed.value;
  const documents = parseAllDocuments(text, { version: '1.1', prettyErrors: false, uniqueKeys: true });
  const withContent = documents.filter((d) => d.contents !== null || d.errors.length);
  const broken = withContent.find((d) => d.errors.length);
  if (broken) {
    refuse(
      `does not parse as YAML (${broken.errors[0].code}), so it cannot be vetted before kustomize reads it`,
    );
    return null;
  }
  if (withContent.length !== 1) {
    refuse(`holds ${withContent.length} YAML documents; a kustomization is one`);
    return null;
  }
  let body: unknown;
  try {
    body = withContent[0].toJS({ maxAliasCount: 100 });
  } catch {
    refuse('has aliases this check will not expand (more than 100, or one without its anchor)');
    return null;
  }
  if (!isRecord(body)) {
    refuse('is not a mapping');
    return null;
  }
  return body;
}

/** What a `helmCharts` entry hands helm, each string checked against its grammar. */
function helmChart(chart: Record<string, unknown>, refuse: (why: string) => void): HelmChartEntry {
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
  const check = (fieldName: string, value: unknown, grammar: RegExp) => {
    const v = text(value);
    if (v !== null && !grammar.test(v)) refuse(`helmCharts.${fieldName} '${v}' is not a valid ${fieldName}`);
    return v;
  };
  const name = check('name', chart.name, NAME) ?? '';
  if (name === '') refuse('a helmCharts entry has no name');
  check('releaseName', chart.releaseName, RELEASE);
  if ((text(chart.releaseName)?.length ?? 0) > 53)
    refuse('helmCharts.releaseName is longer than 53 characters');
  check('namespace', chart.namespace, /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/);
  check('kubeVersion', chart.kubeVersion, VERSION);
  for (const api of strings(chart.apiVersions)) check('apiVersions', api, API_VERSION);
  if (chart.nameTemplate !== undefined)
    refuse('helmCharts.nameTemplate is a template helm would run; set releaseName');
  const version = check('version', chart.version, VERSION);
  const repo = text(chart.repo);
  return { name, version, repo };
}

/** Files a generator reads: `files` entries may be `key=path`; a directory stands for its files. */
function generatorFiles(generator: Record<string, unknown>, fieldName: string) {
  return [
    ...named(
      strings(generator.files).map((f) => f.slice(f.indexOf('=') + 1)),
      `${fieldName} files`,
    ),
    ...named([...strings(generator.envs), generator.env], `${fieldName} envs`),
  ];
}

/**
 * Why plugin configurations in `text` (inline in a kustomization, or a file a `generators` entry
 * names) must not run: a kind that is not built in, or a path field leaving the repository
 * (refused), or a chart inflation this check does not build (unsupported).
 */
export function vetPluginText(text: string, where: string, dir: string): Refusal[] {
  const reasons: Refusal[] = [];
  const refuse = (message: string) => reasons.push({ reason: 'refused', message });
  const documents = parseAllDocuments(text, { version: '1.1', prettyErrors: false, uniqueKeys: true });
  for (const doc of documents) {
    if (doc.errors.length) {
      refuse(
        `${where} does not parse as YAML (${doc.errors[0].code}), so its plugin configuration cannot be vetted`,
      );
      continue;
    }
    let config: unknown;
    try {
      config = doc.toJS({ maxAliasCount: 100 });
    } catch {
      refuse(`${where} has aliases this check will not expand`);
      continue;
    }
    if (config === null || config === undefined) continue;
    reasons.push(...vetPlugin(config, where, dir));
  }
  return reasons;
}

function vetPlugin(config: unknown, where: string, dir: string): Refusal[] {
  const refused = (message: string): Refusal => ({ reason: 'refused', message });
  if (!isRecord(config)) return [refused(`${where} holds a plugin configuration that is not a mapping`)];
  const kind = typeof config.kind === 'string' ? config.kind : '';
  const fields = Object.hasOwn(BUILTIN_PLUGINS, kind) ? BUILTIN_PLUGINS[kind] : null;
  if (fields === null)
    return [
      refused(
        `${where} configures plugin '${kind || '(no kind)'}', which is not built into kustomize; it is never run`,
      ),
    ];
  // Built in, but kustomize runs it only with helm enabled, which this check gives to `helmCharts` alone.
  if (kind === 'HelmChartInflationGenerator')
    return [
      {
        reason: 'unsupported',
        message: `${where} inflates chart ${typeof config.name === 'string' ? config.name : '(no name)'} through a HelmChartInflationGenerator configuration, which this check does not build; name it in the kustomization's helmCharts instead`,
      },
    ];
  const reasons: Refusal[] = [];
  const outside = (entry: string, fieldName: string) => {
    if (isRemote(entry) || insideRepository(dir, entry) === null)
      reasons.push(refused(`${where}: ${kind} ${fieldName} names ${entry}, outside the repository`));
  };
  for (const fieldName of fields) {
    const value = config[fieldName];
    if (fieldName === 'replacements')
      for (const r of records(value)) strings([r.path]).forEach((p) => outside(p, 'replacements.path'));
    else if (fieldName === 'files')
      strings(value).forEach((f) => outside(f.slice(f.indexOf('=') + 1), fieldName));
    else (Array.isArray(value) ? strings(value) : strings([value])).forEach((p) => outside(p, fieldName));
  }
  return reasons;
}

const named = (values: unknown[], fieldName: string) =>
  strings(values).map((entry) => ({ entry, field: fieldName }));

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v !== '') : [];
}

function records(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}
