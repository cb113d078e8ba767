import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseAllDocuments } from '../../../model/yaml.js';
import { isRecord } from '../../../model/values.js';
import { kustomize as kustomizeCall } from '../../../programs/invocation.js';
import { kustomizeMessage, runKustomize, type Kustomize } from '../kustomize/render.js';
import type { RenderResult } from '../tools.js';
import { sourceLines } from './origin.js';

/**
 * What a Flux HelmRelease's `spec.postRenderers[].kustomize` does to the chart's output, as one
 * kustomization: the patches and images of every post-renderer, in order. Only inline patches with
 * a target pass (a `path` would be read from the machine); the deprecated `patchesStrategicMerge`
 * and `patchesJson6902` become inline patches as Flux reads them.
 */
export interface PostRender {
  patches: { patch: string; target?: Record<string, string> }[];
  images: Record<string, string>[];
}

const TARGET_FIELDS = [
  'group',
  'version',
  'kind',
  'name',
  'namespace',
  'labelSelector',
  'annotationSelector',
];
const IMAGE_FIELDS = ['name', 'newName', 'newTag', 'digest'];

const strings = (value: unknown, fields: readonly string[]): Record<string, string> | null => {
  if (!isRecord(value)) return null;
  const picked = Object.fromEntries(
    fields.flatMap((f) => (typeof value[f] === 'string' ? [[f, value[f] as string]] : [])),
  );
  return Object.keys(picked).length ? picked : null;
};

/** The post-renderers of a HelmRelease's spec, or null when it has none that change anything. */
export function fluxPostRender(spec: Record<string, unknown>): PostRender | null {
  const kustomizations = (Array.isArray(spec.postRenderers) ? spec.postRenderers : [])
    .filter(isRecord)
    .flatMap((p) => (isRecord(p.kustomize) ? [p.kustomize] : []));
  const post: PostRender = { patches: [], images: [] };
  const list = (value: unknown) => (Array.isArray(value) ? value : []);
  for (const k of kustomizations) {
    for (const p of list(k.patches).filter(isRecord))
      if (typeof p.patch === 'string') {
        const target = strings(p.target, TARGET_FIELDS);
        post.patches.push({ patch: p.patch, ...(target ? { target } : {}) });
      }
    for (const p of list(k.patchesStrategicMerge).filter(isRecord))
      post.patches.push({ patch: JSON.stringify(p) });
    for (const p of list(k.patchesJson6902).filter(isRecord)) {
      const target = strings(p.target, TARGET_FIELDS);
      if (target && Array.isArray(p.patch)) post.patches.push({ patch: JSON.stringify(p.patch), target });
    }
    for (const image of list(k.images)) {
      const picked = strings(image, IMAGE_FIELDS);
      if (picked?.name) post.images.push(picked);
    }
  }
  return post.patches.length || post.images.length ? post : null;
}

/**
 * `helm template`'s output through the post-renderers, with the same sandboxed kustomize as every
 * build. kustomize drops helm's `# Source:` comments; each output document gets its template's
 * back by identity, so objects still point at the file that made them.
 */
export async function postRender(
  kustomize: Kustomize,
  post: PostRender,
  rendered: string,
  workspace: { dir: string; home: string },
  at: string,
  timeoutMs: number,
): Promise<RenderResult> {
  await mkdir(join(workspace.dir, at), { recursive: true });
  await writeFile(join(workspace.dir, at, 'rendered.yaml'), rendered);
  await writeFile(
    join(workspace.dir, at, 'kustomization.yaml'),
    JSON.stringify({
      apiVersion: 'kustomize.config.k8s.io/v1beta1',
      kind: 'Kustomization',
      resources: ['rendered.yaml'],
      ...(post.patches.length ? { patches: post.patches } : {}),
      ...(post.images.length ? { images: post.images } : {}),
    }),
  );
  const result = await runKustomize(
    kustomize,
    () => kustomizeCall.build(kustomize, workspace.dir, workspace.home, at, null, timeoutMs),
    (stderr) => `the HelmRelease's postRenderers: ${kustomizeMessage(stderr, workspace.dir, new Map())}`,
  );
  if (!result.ok) return result;
  const templates = templatesByIdentity(rendered);
  const documents = result.yaml.split(/^---\n/m).filter((d) => d.trim() !== '');
  return {
    ok: true,
    yaml: documents
      .map((d) => {
        const source = templates.get(identity(d));
        return `---\n${source ? `# Source: ${source}\n` : ''}${d}`;
      })
      .join(''),
  };
}

/** `kind/namespace/name` of a document's text, or '' when it has none. */
function identity(text: string): string {
  try {
    const body: unknown = parseAllDocuments(text)[0]?.toJS({ maxAliasCount: 100 });
    if (!isRecord(body) || !isRecord(body.metadata)) return '';
    return `${String(body.kind)}/${String(body.metadata.namespace ?? '')}/${String(body.metadata.name)}`;
  } catch {
    return '';
  }
}

function templatesByIdentity(rendered: string): Map<string, string> {
  const sources = sourceLines(rendered);
  const lines = rendered.split('\n');
  const found = new Map<string, string>();
  sources.forEach((s, i) => {
    const end = i + 1 < sources.length ? sources[i + 1].line - 1 : lines.length;
    found.set(identity(lines.slice(s.line, end).join('\n')), s.path);
  });
  return found;
}
