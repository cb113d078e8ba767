import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { check } from '../src/commands/check.js';
import { scan } from '../src/commands/scan.js';
import { compareText } from '../src/model/text.js';
import { Repository } from '../src/stages/1-git/repository.js';
import type { Report } from '../src/model/types.js';
import { TempRepo } from './helpers/temp-repo.js';
import { HELM } from './helpers/helm.js';
import { hasKustomize } from './helpers/kustomize.js';

// Real kustomize monorepos from the team's shared corpora, every root built: the base commit is
// empty, so every kustomization closure is touched. Roots that fetch remote bases or whose files
// the corpus left out must come back as "not checked" with kustomize's reason, never as a crash.
const SHARED = resolve(import.meta.dirname, '../../shared');
const CASES = [
  { name: 'kubeflow', dir: join(SHARED, 'corpora/kubeflow__manifests') },
  { name: 'home-ops (Flux)', dir: join(SHARED, 'corpora-rendered/onedr0p__home-ops') },
].filter((c) => existsSync(c.dir));
const run =
  hasKustomize && CASES.length ? describe.each(CASES) : describe.skip.each([{ name: '(none)', dir: '' }]);

run('$name: every kustomize root built', ({ dir }) => {
  let temp: TempRepo;
  let report: Report;

  beforeAll(async () => {
    temp = await TempRepo.create();
    await temp.commit('empty');
    temp.copyIn(dir);
    await temp.commit('corpus');
    const repo = Repository.open(temp.dir);
    try {
      report = await check(repo, { base: 'HEAD~1', head: 'HEAD', helm: HELM });
    } finally {
      repo.close();
    }
  }, 300_000);
  afterAll(() => temp?.cleanup());

  test('roots are built or reported not checked with a one-line reason', () => {
    expect(report.rendered.length).toBeGreaterThan(0);
    for (const n of report.notChecked) {
      // Charts from registries the (empty) base never named are not fetched: not checked, with the source.
      expect(n.message).toMatch(/^(kustomize cannot build it|helm cannot render it) at (base|head): \S/);
      expect(n.message).not.toMatch(/\n|crg-render-/);
      expect(existsSync(join(temp.dir, n.file))).toBe(true);
    }
    expect(new Set([...report.rendered, ...report.notChecked.map((n) => n.name)]).size).toBe(
      report.rendered.length + report.notChecked.length,
    );
  });

  test('every change and impact (rendered, or plain outside every closure) points at a line of a repository file', () => {
    const places = [
      ...report.changes,
      ...report.impacts.map((i) => i.workload),
      ...report.unaffected.map((u) => u.workload),
    ];
    expect(places.filter((p) => p.source?.renderer === 'kustomize').length).toBeGreaterThan(0);
    for (const place of places) {
      const lines = readFileSync(join(temp.dir, place.file), 'utf8').split('\n');
      expect({
        at: `${place.file}:${place.line}`,
        inside: place.line >= 1 && place.line <= lines.length,
      }).toEqual({
        at: `${place.file}:${place.line}`,
        inside: true,
      });
    }
  });

  test('on an empty base every config is added and every consumer is new: nothing to roll', () => {
    expect(report.changes.every((c) => c.change === 'added')).toBe(true);
    expect(report.impacts).toEqual([]);
  });
});

describe('scan --risks on real repositories', () => {
  const cases = [
    // Plain manifests with no hashes: exposed workloads exist. The home lab deploys its apps through
    // OCI HelmReleases (not in Git) and Reloader: its rendered roots must scan without a crash.
    { name: 'kubernetes__examples', dir: join(SHARED, 'corpora/kubernetes__examples'), exposed: true },
    { name: 'home-ops (Flux)', dir: join(SHARED, 'corpora-rendered/onedr0p__home-ops'), exposed: false },
  ].filter((c) => existsSync(c.dir));
  (hasKustomize && cases.length
    ? test.each(cases)
    : test.skip.each([{ name: '(none)', dir: '', exposed: false }]))(
    '$name: every risk is a notice about a scanned workload, on a file of the repository',
    async ({ dir, exposed }) => {
      const temp = await TempRepo.create();
      try {
        temp.copyIn(dir);
        await temp.commit('corpus');
        const repo = Repository.open(temp.dir);
        try {
          const report = await scan(repo, { rev: 'HEAD', risks: true, render: 'best-effort' });
          // One order whichever root finished rendering first: the same inventory run after run.
          expect(report.rendered).toEqual([...report.rendered].sort(compareText));
          const places = report.notChecked.map((n) => `${n.file}\0${String(n.line).padStart(9, '0')}`);
          expect(places).toEqual([...places].sort(compareText));
          const risks = report.diagnostics.filter((d) => d.severity === 'notice');
          if (exposed) expect(risks.some((d) => d.message.includes('will lie dormant'))).toBe(true);
          else expect(report.rendered.length).toBeGreaterThan(0);
          const scanned = new Set(report.workloads.map((w) => `${w.kind} ${w.name}:`));
          for (const d of risks)
            expect(scanned.has(d.message.slice(0, d.message.indexOf(':') + 1))).toBe(true);
          const files = new Set(await repo.listFiles(await repo.resolveCommit('HEAD')));
          for (const d of risks)
            expect({ file: d.file, known: files.has(d.file) }).toEqual({ file: d.file, known: true });
        } finally {
          repo.close();
        }
      } finally {
        temp.cleanup();
      }
    },
    300_000,
  );
});
