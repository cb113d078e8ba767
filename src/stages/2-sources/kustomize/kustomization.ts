import { posix } from 'node:path';
import { parse } from 'yaml';
import { isRecord } from '../../../model/values.js';

export const KUSTOMIZATION_FILES = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'];

export const isKustomizationFile = (path: string): boolean =>
  KUSTOMIZATION_FILES.includes(posix.basename(path));

/** What one kustomization file points at, as repository paths (or remote URLs), never its content. */
export interface Kustomization {
  /** The directory, relative to the repository root ('' for the root). */
  dir: string;
  file: string;
  component: boolean;
  /** Directories or files given as `resources`, `bases` and `components`. */
  includes: string[];
  /** Every other file the build reads: patches, generator inputs, replacements, configurations… */
  inputs: string[];
  /** Generator inputs that are directories: every file in them is read. */
  inputDirs: string[];
  /** `resources`/`bases`/`components` that kustomize fetches over the network. */
  remote: string[];
  /** Entries that leave the repository (`../` past its root, absolute paths): never read, so not built. */
  outside: string[];
  /** Whether it inflates Helm charts (`helmCharts`): the build then needs helm. */
  helm: boolean;
  /** Its chart home, read whole (`helmGlobals.chartHome`, default `charts`). */
  chartHome: string | null;
}

/** kustomize's own test for a remote target: a URL, a git address or a `?ref=` query. */
const isRemote = (entry: string) =>
  /^[a-z][a-z0-9+.-]*:\/\/|^git@|^github\.com\/|\?ref=|\/\/.*\?/i.test(entry);

/**
 * Reads a kustomization for the paths it depends on. Unknown fields are ignored (kustomize rejects
 * them itself when it builds); a file that is not YAML yields no paths, and the build reports it.
 */
export function readKustomization(
  file: string,
  text: string,
  listDir: (dir: string) => boolean,
): Kustomization {
  const dir = posix.dirname(file) === '.' ? '' : posix.dirname(file);
  const k: Kustomization = {
    dir,
    file,
    component: false,
    includes: [],
    inputs: [],
    inputDirs: [],
    remote: [],
    outside: [],
    helm: false,
    chartHome: null,
  };
  let body: unknown;
  try {
    body = parse(text, { version: '1.1', maxAliasCount: 100 });
  } catch {
    return k;
  }
  if (!isRecord(body)) return k;
  k.component = body.kind === 'Component';
  const local = (entry: string) => {
    const path = posix.isAbsolute(entry) ? null : normal(posix.join(dir, entry));
    if (path === null) k.outside.push(entry);
    return path;
  };

  for (const field of ['resources', 'bases', 'components']) {
    for (const entry of strings(body[field])) {
      const path = isRemote(entry) ? null : local(entry);
      if (isRemote(entry)) k.remote.push(entry);
      else if (path !== null) k.includes.push(path);
    }
  }
  const files: string[] = [];
  for (const patch of records(body.patches)) files.push(...strings([patch.path]));
  for (const patch of records(body.patchesJson6902)) files.push(...strings([patch.path]));
  // An entry of patchesStrategicMerge is a path, or an inline patch (which has a newline or a colon).
  files.push(...strings(body.patchesStrategicMerge).filter((p) => !/[\n:]/.test(p)));
  for (const replacement of records(body.replacements)) files.push(...strings([replacement.path]));
  for (const generator of [...records(body.configMapGenerator), ...records(body.secretGenerator)]) {
    // `files` entries may be `key=path`; a directory stands for its files.
    files.push(...strings(generator.files).map((f) => f.slice(f.indexOf('=') + 1)));
    files.push(...strings(generator.envs), ...strings([generator.env]));
  }
  for (const chart of records(body.helmCharts)) {
    files.push(...strings([chart.valuesFile]), ...strings(chart.additionalValuesFiles));
  }
  if (records(body.helmCharts).length) {
    k.helm = true;
    // Charts are read from the chart home (one pulled from a repository lands there too).
    const globals = isRecord(body.helmGlobals) ? body.helmGlobals : {};
    k.chartHome = local(typeof globals.chartHome === 'string' ? globals.chartHome : 'charts');
  }
  files.push(...strings(body.configurations), ...strings(body.crds));
  if (isRecord(body.openapi)) files.push(...strings([body.openapi.path]));
  // Transformer, generator and validator entries name files of built-in plugin configuration (or
  // directories with a kustomization, which are includes).
  for (const field of ['transformers', 'generators', 'validators']) {
    for (const entry of strings(body[field]).filter((e) => !/\n/.test(e))) {
      const path = local(entry);
      if (path === null) continue;
      if (listDir(path)) k.includes.push(path);
      else files.push(entry);
    }
  }
  for (const entry of files) {
    const path = local(entry);
    if (path === null) continue;
    if (listDir(path)) k.inputDirs.push(path);
    else k.inputs.push(path);
  }
  return k;
}

/** A repository path, or null when the entry leaves the repository. */
function normal(path: string): string | null {
  const p = posix.normalize(path).replace(/\/$/, '');
  if (p === '..' || p.startsWith('../') || posix.isAbsolute(p)) return null;
  return p === '.' ? '' : p;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v !== '') : [];
}

function records(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}
