import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import stringify from 'fast-json-stable-stringify';
import { check } from '../src/commands/check.js';
import { loadObjects } from '../src/commands/load.js';
import { parseManifests } from '../src/stages/3-documents/parse.js';
import { skimConfigs } from '../src/stages/3-documents/lines.js';
import { isConfig } from '../src/stages/4-objects/configs.js';
import { SECRET_MAKERS } from '../src/stages/4-objects/made-secrets.js';
import { mayBeWatched } from '../src/stages/7-impacts/reloaders.js';
import { applyStamps } from '../src/stages/8-stamps/plan.js';
import { asWorkload } from '../src/stages/4-objects/workloads.js';
import type { Diagnostic, ScanReport } from '../src/model/types.js';
import { scan } from '../src/commands/scan.js';
import { manifestSelector } from '../src/stages/2-sources/select.js';
import { settings } from '../src/commands/options.js';
import { Repository } from '../src/stages/1-git/repository.js';
import { namespaceMatch } from '../src/model/identity.js';
import { corpora, corpusPath } from './helpers/corpora.js';
import { TempRepo } from './helpers/temp-repo.js';
import { touchEveryConfig } from './helpers/touch.js';

const names = corpora();
const describeCorpora = names.length ? describe.each(names) : describe.skip.each(['(no corpora)']);

describeCorpora('corpus %s', (name) => {
  let temp: TempRepo;
  let repo: Repository;
  let report: ScanReport;
  let files: string[];

  beforeAll(async () => {
    temp = (await TempRepo.create()).copyIn(corpusPath(name));
    await temp.commit('corpus');
    repo = Repository.open(temp.dir);
    report = await scan(repo, { rev: 'HEAD', render: 'off' });
    files = (await repo.listFiles(await repo.resolveCommit('HEAD'))).filter(await manifestSelector());
  });
  afterAll(() => {
    repo?.close();
    if (!process.env.CRG_KEEP) temp?.cleanup();
  });

  test('scan finds workloads, each at the line where its object starts', () => {
    expect(report.workloads.length).toBeGreaterThan(0);
    for (const w of report.workloads) {
      const line = readFileSync(join(temp.dir, w.file), 'utf8').split(/\r?\n/)[w.line - 1];
      // An object starts at its first key, possibly as a list item or a JSON/flow mapping.
      expect({ at: `${w.file}:${w.line}`, line }).toEqual({
        at: `${w.file}:${w.line}`,
        line: expect.stringMatching(/^\s*(- )?(\{\s*)?("?[A-Za-z]+"?\s*:.*)?$/),
      });
    }
  });

  test('a skim of each file names the ConfigMaps and Secrets its parse finds, or declines', () => {
    const said = (configs: { kind: string; namespace: string | null; name: string; labelled: boolean }[]) =>
      configs.map((c) => `${c.kind} ${c.namespace ?? ''}/${c.name}${c.labelled ? ' (labelled)' : ''}`);
    for (const file of files) {
      const text = readFileSync(join(temp.dir, file), 'utf8');
      const skimmed = skimConfigs(text, SECRET_MAKERS);
      if (skimmed === null) continue;
      const parsed = parseManifests(file, text)
        .objects.filter(isConfig)
        .map((o) => ({ ...o, labelled: mayBeWatched(o) }));
      expect({ file, configs: said(skimmed) }).toEqual({ file, configs: said(parsed) });
    }
  });

  test('every file the YAML parser rejects gets a diagnostic naming it; clean files get none', () => {
    const rejected = files.filter((file) => {
      const documents = parseAllDocuments(readFileSync(join(temp.dir, file), 'utf8'), { version: '1.1' });
      return documents.some((doc) => doc.errors.length > 0);
    });
    const diagnosed = new Set(report.diagnostics.map((d) => d.file));
    for (const file of rejected)
      expect({ file, diagnosed: diagnosed.has(file) }).toEqual({ file, diagnosed: true });
    for (const d of report.diagnostics) {
      expect(d.line).toBeGreaterThan(0);
      expect(files).toContain(d.file);
    }
  });

  test('check after touching every ConfigMap and Secret agrees with scan about who consumes them', async () => {
    // Head: every ConfigMap and Secret gains a key, so every reference that reads all keys is impacted.
    const { touched, edits } = touchEveryConfig(temp.dir, files);
    temp.write(Object.fromEntries(edits));
    await temp.commit('touch every config');
    if (process.env.CRG_KEEP) console.log('KEEP', temp.dir);
    // scan reads the files as written, so this compares the plain pipeline; rendering has its own tests.
    const result = await check(repo, { base: 'HEAD~1', head: 'HEAD', render: 'off' });
    const impacted = new Set(
      result.impacts.flatMap((i) =>
        i.configs.map((c) => `${i.workload.file} ${i.workload.kind}/${i.workload.name} ${c.kind}/${c.name}`),
      ),
    );

    const expected = report.workloads.flatMap((w) =>
      w.refs
        .filter((r) => r.keys === null && r.delivery !== 'unmounted' && r.delivery !== 'image-pull')
        .filter((r) =>
          touched.some(
            (t) => t.kind === r.kind && t.name === r.name && namespaceMatch(w.namespace, t.namespace),
          ),
        )
        .map((r) => `${w.file} ${w.kind}/${w.name} ${r.kind}/${r.name}`),
    );
    for (const pair of expected)
      expect({ pair, impacted: impacted.has(pair) }).toEqual({ pair, impacted: true });
  });
});

describeCorpora('corpus %s: fix on every workload', (name) => {
  test('the diff is annotation lines only, re-reading gives the original plus the annotation, a second fix changes nothing', async () => {
    const temp = (await TempRepo.create()).copyIn(corpusPath(name));
    try {
      await temp.commit('corpus');
      const repo = Repository.open(temp.dir);
      const files = (await repo.listFiles(await repo.resolveCommit('HEAD'))).filter(await manifestSelector());
      const loaded = await loadObjects(repo, await repo.resolveCommit('HEAD'), files, await settings({}));
      repo.close();
      const texts = new Map(files.map((f) => [f, readFileSync(join(temp.dir, f), 'utf8')]));
      // Every template of every workload, whatever it reads: the writer must cope with all of them.
      const stamps = [...loaded.objects.values()].flat().flatMap(
        (o) =>
          asWorkload(o)?.templates.map((template) => ({
            workload: asWorkload(o)!,
            template,
            value: VALUE,
          })) ?? [],
      );
      expect(stamps.length).toBeGreaterThan(0);
      const diagnostics: Diagnostic[] = [];
      const edits = applyStamps(stamps, ANNOTATION, texts, diagnostics);
      expect(diagnostics).toEqual([]);
      const stampedAt = new Set(edits.flatMap((e) => e.workloads.map((w) => `${w.file}:${w.line}`)));
      expect(
        stamps
          .map((s) => `${s.workload.object.file}:${s.workload.object.line}`)
          .filter((at) => !stampedAt.has(at)),
      ).toEqual([]);

      for (const edit of edits) {
        temp.write({ [edit.file]: edit.after });
        // Independent of the writer's own check: the objects read back equal the originals plus the annotation.
        const before = parseManifests(edit.file, edit.before).objects;
        const after = parseManifests(edit.file, edit.after).objects;
        expect(after.length).toBe(before.length);
        before.forEach((object, i) => {
          const expected = structuredClone(object.body);
          for (const { template } of asWorkload({ ...object, body: expected })?.templates ?? []) {
            const metadata = (template.metadata ??= {}) as Record<string, unknown>;
            metadata.annotations = { ...(metadata.annotations as object), [ANNOTATION]: VALUE };
          }
          expect(stringify(after[i].body)).toBe(stringify(expected));
        });
      }
      // git's own diff: every added or removed line is the annotation, or a metadata/annotations key that had to be
      // created, or a flow-style line that gained the entry.
      const diff = await temp.git.diff(['-U0']);
      const lines = diff.split('\n').filter((l) => /^[+-](?![+-]{2} [ab/])/.test(l));
      for (const line of lines) {
        expect({
          line,
          ok:
            /^\+\s*(annotations:|metadata:|config-rollout-guard\/hash: ")/.test(line) ||
            line.includes(ANNOTATION) ||
            /^-.*[{}]/.test(line),
        }).toEqual({ line, ok: true });
      }
      const again = applyStamps(
        stamps,
        ANNOTATION,
        new Map(edits.map((e) => [e.file, e.after])),
        diagnostics,
      );
      expect(again).toEqual([]);
    } finally {
      temp.cleanup();
    }
  });
});

const ANNOTATION = 'config-rollout-guard/hash';
const VALUE = 'sha256:' + '5a'.repeat(32);
