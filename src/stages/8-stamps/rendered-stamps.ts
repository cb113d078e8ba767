import { posix } from 'node:path';
import type { ConfigIndex } from '../../model/identity.js';
import { summarise } from '../../model/identity.js';
import type { Diagnostic, ManifestObject } from '../../model/types.js';
import type { Consumer } from '../5-references/consumers.js';
import { addPatchEntry, patchFile, patchFileName, type PatchTarget } from './kustomize-patch.js';
import type { FileEdit } from './plan.js';
import { templateHashes, type HashOptions } from './template-hashes.js';

/** A workload of a built root to stamp: through a patch file beside the root's kustomization. */
export interface RenderedStamp {
  /** The root's kustomization file. */
  kustomization: string;
  workload: Consumer;
  /** Its name in its source file. */
  written: string;
  configs: ConfigIndex;
}

/**
 * The cure for rendered workloads, written into the source: one patch file per workload that sets
 * the hash annotation on its pod template, and its entry under the root kustomization's `patches:`.
 * The value is computed from the rendered configs, exactly as for a plain manifest.
 */
export function renderedStampEdits(
  stamps: readonly RenderedStamp[],
  hash: HashOptions,
  texts: ReadonlyMap<string, string>,
  diagnostics: Diagnostic[],
): FileEdit[] {
  const edits = new Map<string, FileEdit>();
  const warn = (object: ManifestObject, message: string) =>
    diagnostics.push({ file: object.file, line: object.line, severity: 'warning', message });
  for (const { kustomization, workload, written, configs } of stamps) {
    const object = workload.object;
    const [first, ...more] = templateHashes(workload, configs, hash, diagnostics);
    if (!first || first.expected === null || first.expected === first.actual) continue;
    const target: PatchTarget = {
      apiVersion: object.apiVersion,
      kind: object.kind,
      name: written,
      templatePath: first.template.path,
    };
    const body = more.length ? null : patchFile(target, hash.annotation, first.expected);
    if (body === null) {
      warn(
        object,
        `could not write the config hash: ${object.kind} ${object.name} has a pod template a patch cannot address; stamp it by hand.`,
      );
      continue;
    }
    const dir = posix.dirname(kustomization);
    const file = posix.join(dir === '.' ? '' : dir, patchFileName(target));
    const current = edits.get(kustomization)?.after ?? texts.get(kustomization);
    if (current === undefined) continue;
    const entry = addPatchEntry(current, patchFileName(target), target);
    if ('error' in entry) {
      warn(object, `could not list the hash patch in ${kustomization}: ${entry.error}.`);
      continue;
    }
    const existing = texts.get(file);
    edits.set(file, {
      file,
      before: existing ?? '',
      after: body,
      ...(existing === undefined ? { created: true } : {}),
      workloads: [...(edits.get(file)?.workloads ?? []), summarise(object)],
    });
    if (entry.text !== texts.get(kustomization))
      edits.set(kustomization, {
        file: kustomization,
        before: texts.get(kustomization)!,
        after: entry.text,
        workloads: [...(edits.get(kustomization)?.workloads ?? []), summarise(object)],
      });
  }
  return [...edits.values()].filter((e) => e.before !== e.after);
}
