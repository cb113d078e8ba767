import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { settings } from '../src/commands/options.js';
import { checkRendered } from '../src/commands/rendered/part.js';
import type { RenderedPart } from '../src/commands/rendered/result.js';
import { Repository } from '../src/stages/1-git/repository.js';
import { HELM } from './helpers/helm.js';
import { hasKustomize } from './helpers/kustomize.js';
import { TempRepo } from './helpers/temp-repo.js';

// A check reads of a root's two builds only what its change needs (the documents that differ, then
// those that name a changed config); `fix` reads them whole. On real repositories from the shared
// corpora, with a real edit, both readings must say the same thing.
const SHARED = resolve(import.meta.dirname, '../../shared');
const CASES = [
  {
    name: "kubeflow: the model registry database's params.env (disableNameSuffixHash, beside a secretGenerator)",
    corpus: join(SHARED, 'corpora/kubeflow__manifests'),
    needs: hasKustomize,
    base: {},
    file: 'applications/model-registry/upstream/overlays/db/params.env',
    edit: (text: string) => text.replace('MYSQL_DATABASE=metadb', 'MYSQL_DATABASE=registry'),
  },
  {
    name: "podinfo's chart: the redis config its template makes (checksummed)",
    corpus: join(SHARED, 'corpora-rendered/stefanprodan__podinfo'),
    needs: HELM !== null,
    base: {
      'charts/podinfo/values.yaml': (text: string) =>
        text.replace(/redis:\n {2}enabled: false/, 'redis:\n  enabled: true'),
    },
    file: 'charts/podinfo/templates/redis/config.yaml',
    edit: (text: string) => text.replace('maxmemory 64mb', 'maxmemory 128mb'),
  },
].filter((c) => existsSync(c.corpus));

const run = CASES.length
  ? describe.each(CASES)
  : describe.skip.each([{ name: '(no corpora)', needs: false }]);

run('$name', (c) => {
  (c.needs ? test : test.skip)(
    'builds read as far as the change needs report what whole builds report',
    async () => {
      const { corpus, base, file, edit } = c as (typeof CASES)[number];
      const temp = await TempRepo.create();
      try {
        temp.copyIn(corpus);
        for (const [path, change] of Object.entries(base))
          temp.write({ [path]: change(readFileSync(join(temp.dir, path), 'utf8')) });
        const before = await temp.commit('corpus');
        const text = readFileSync(join(temp.dir, file), 'utf8');
        expect(edit(text)).not.toBe(text);
        temp.write({ [file]: edit(text) });
        const after = await temp.commit('edit');

        const repo = Repository.open(temp.dir);
        try {
          const options = await settings({ helm: HELM });
          const part = (whole: boolean) => checkRendered(repo, before, after, [file], options, whole);
          const read = judged(await part(false));
          const whole = judged(await part(true));
          // Not vacuous: the edit is a config change some workload reads.
          expect(read.changes.length).toBeGreaterThan(0);
          expect(read.impacts.length).toBeGreaterThan(0);
          expect(read).toEqual(whole);
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

/** What a check reports of a rendered part (what `fix` alone uses, the builds' objects, is left out). */
const judged = (part: RenderedPart) => ({
  rendered: part.rendered,
  changes: part.changes,
  impacts: part.impacts,
  unaffected: part.unaffected,
  notChecked: part.notChecked,
  diagnostics: part.diagnostics,
});
