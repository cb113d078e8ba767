import { sameObject, summarise } from '../../model/identity.js';
import type { Diagnostic, Impact, ManifestObject } from '../../model/types.js';
import { isRecord } from '../../model/values.js';
import { valueDigest } from '../../model/digest.js';
import type { ChartRoot } from '../../stages/2-sources/helm/chart.js';
import { findHelm, renderCharts, type Helm } from '../../stages/2-sources/helm/render.js';
import { parseManifests } from '../../stages/3-documents/parse.js';
import { asWorkload } from '../../stages/4-objects/workloads.js';
import {
  checksumLine,
  insertChecksums,
  templatesDir,
  type ChartConfig,
} from '../../stages/8-stamps/chart-checksum.js';
import type { FileEdit } from '../../stages/8-stamps/plan.js';
import type { Settings } from '../options.js';
import { noFetching } from '../../stages/2-sources/remote/access.js';
import type { RenderedRoot } from './result.js';

/**
 * The cure for a chart's workloads, written into its templates, never into rendered output: a
 * data-only checksum per config the workload reads from the same chart. Every edit is verified by
 * rendering the chart again: the only difference allowed is the new pod-template annotations, each a
 * SHA-256. An edit that fails that is not written; the line to add is said instead.
 */
export async function chartStampEdits(
  heads: readonly RenderedRoot[],
  impacts: readonly Impact[],
  settings: Settings,
  repositoryRoot: string,
  diagnostics: Diagnostic[],
): Promise<FileEdit[]> {
  if (impacts.length === 0) return [];
  const helm = await findHelm(settings.helm, repositoryRoot, settings.kustomize);
  const edits = new Map<string, FileEdit>();
  // Later documents first, so that an insertion never moves the line of one still to come.
  const ordered = [...impacts].sort((a, b) => b.workload.line - a.workload.line);
  for (const impact of ordered) {
    const built = heads.find((h) => h.renderer === 'helm' && h.root.id === impact.workload.source?.root);
    const workload = built?.consumers.find((c) => sameObject(c.object, impact.workload));
    if (!built || !workload) continue;
    const object = workload.object;
    const refuse = (reason: string, lines: { key: string; value: string }[] = []) =>
      diagnostics.push({
        file: object.file,
        line: object.line,
        severity: 'warning',
        message:
          `did not add a checksum to ${object.kind} ${object.name}: ${reason}.` +
          (lines.length
            ? ` Add under spec.template.metadata.annotations: ${lines.map((l) => `${l.key}: ${l.value}`).join('; ')}`
            : ''),
      });
    if ('error' in helm) {
      refuse(helm.error);
      continue;
    }
    const own = templatesDir(object.file);
    const configs = chartConfigs(
      workload.templates.flatMap((t) => t.refs),
      object,
      built,
      own?.dir ?? null,
    );
    if (!own || configs.length === 0) {
      refuse('it reads no ConfigMap or Secret that a single template of its own chart renders');
      continue;
    }
    const lines = configs.map(checksumLine);
    const before = edits.get(object.file)?.after ?? built.tree.get(object.file)?.toString('utf8');
    if (before === undefined) continue;
    const edited = insertChecksums(before, object.line, lines);
    if ('error' in edited) {
      refuse(edited.error, lines);
      continue;
    }
    if (edited.text === before) continue;
    const verdict = await verify(
      helm,
      built,
      object,
      edited.text,
      lines.map((l) => l.key),
      settings,
    );
    if (verdict) {
      refuse(verdict, lines);
      continue;
    }
    const original = built.tree.get(object.file)!.toString('utf8');
    edits.set(object.file, {
      file: object.file,
      before: original,
      after: edited.text,
      workloads: [...(edits.get(object.file)?.workloads ?? []), summarise(object)],
    });
  }
  return [...edits.values()];
}

/** The configs a workload reads that its own chart renders, one template each, by template. */
function chartConfigs(
  refs: readonly { kind: 'ConfigMap' | 'Secret'; name: string; delivery: string }[],
  object: ManifestObject,
  built: RenderedRoot,
  templates: string | null,
): ChartConfig[] {
  const found = new Map<string, ChartConfig>();
  for (const ref of refs) {
    if (ref.delivery === 'image-pull' || ref.delivery === 'unmounted') continue;
    const config = built.configs.resolve(object, ref.kind, ref.name);
    const file = config ? built.origins.get(config)?.file : null;
    const place = file ? templatesDir(file) : null;
    if (!config || !file || !place || place.dir !== templates) continue;
    // `fromYaml` reads one document: a template that renders several cannot be hashed this way.
    if (built.objects.filter((o) => built.origins.get(o)?.file === file).length !== 1) continue;
    found.set(file, { kind: ref.kind, template: place.relative });
  }
  return [...found.values()];
}

/** Renders the chart with the edit; `null` when the only change is the new annotations, each a hash. */
async function verify(
  helm: Helm,
  built: RenderedRoot,
  target: ManifestObject,
  text: string,
  keys: readonly string[],
  settings: Settings,
): Promise<string | null> {
  const root = built.root as ChartRoot;
  const tree = new Map(built.tree).set(target.file, Buffer.from(text));
  const result = (await renderCharts(helm, [root], tree, settings.renderTimeoutMs, noFetching())).get(root)!;
  if (!result.ok) return `the chart no longer renders with it (${result.message})`;
  const after = parseManifests(root.file, result.yaml).objects;
  if (after.length !== built.objects.length) return 'the render changed more than the annotation';
  for (const [i, now] of after.entries()) {
    const was = built.objects[i];
    if (now.kind !== was.kind || now.name !== was.name) return 'the render changed more than the annotation';
    if (now.kind === target.kind && now.name === target.name) {
      for (const template of asWorkload(now, settings.podTemplatePaths)?.templates ?? []) {
        const metadata = isRecord(template.template.metadata) ? template.template.metadata : {};
        const annotations = isRecord(metadata.annotations) ? metadata.annotations : {};
        for (const key of keys) {
          if (!/^[0-9a-f]{64}$/.test(String(annotations[key])))
            return `the rendered ${key} is not a SHA-256 (the config template may not render as one YAML document)`;
          delete annotations[key];
        }
        const hadNone = !isRecord(
          (
            asWorkload(was, settings.podTemplatePaths)?.templates[0]?.template.metadata as Record<
              string,
              unknown
            >
          )?.annotations,
        );
        if (Object.keys(annotations).length === 0 && hadNone) delete metadata.annotations;
        if (Object.keys(metadata).length === 0 && !isRecord(asWorkload(was)?.templates[0]?.template.metadata))
          delete template.template.metadata;
      }
    }
    if (valueDigest(now.body) !== valueDigest(was.body)) return 'the render changed more than the annotation';
  }
  return null;
}
