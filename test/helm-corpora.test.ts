import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { check } from '../src/commands/check.js';
import { Repository } from '../src/stages/1-git/repository.js';
import type { Report } from '../src/model/types.js';
import { HELM } from './helpers/helm.js';
import { TempRepo } from './helpers/temp-repo.js';

// Real charts from the team's shared corpora, rendered by a real helm, each with one realistic edit.
// Their checksum annotations are right, in two different ways, so neither may draw a notice.
const SHARED = resolve(import.meta.dirname, '../../shared/corpora-rendered');
const BLACKBOX = join(SHARED, 'prometheus-community__helm-charts');
const PODINFO = join(SHARED, 'stefanprodan__podinfo');
const ready = HELM && existsSync(BLACKBOX) && existsSync(PODINFO);
if (!ready) console.warn(`Helm corpus tests skipped: ${HELM ? `${SHARED} is absent` : 'no helm'}.`);
const describeCorpus = ready ? describe : describe.skip;

const temps: TempRepo[] = [];
afterAll(() => temps.forEach((t) => t.cleanup()));

/** Commits the corpus (after `prepare`), applies `edit` to one file, commits, and checks the range. */
async function edited(
  corpus: string,
  file: string,
  edit: (text: string) => string,
  prepare: (dir: string) => void = () => {},
) {
  const temp = await TempRepo.create();
  temps.push(temp);
  temp.copyIn(corpus);
  prepare(temp.dir);
  await temp.commit('corpus');
  const path = join(temp.dir, file);
  const before = readFileSync(path, 'utf8');
  writeFileSync(path, edit(before));
  expect(readFileSync(path, 'utf8')).not.toBe(before);
  await temp.commit('edit');
  const repo = Repository.open(temp.dir);
  try {
    return await check(repo, { base: 'HEAD~1', head: 'HEAD', helm: HELM! });
  } finally {
    repo.close();
  }
}

const statuses = (report: Report) =>
  report.impacts.map((i) => `${i.status} ${i.workload.kind} ${i.workload.name}`);
/** The chart's checksum notices (rollout notes, also notices, have their own tests). */
const notices = (report: Report) =>
  report.diagnostics.filter((d) => d.severity === 'notice' && /checksum/.test(d.message));

describeCorpus('Helm charts from the shared corpora', () => {
  test('prometheus-blackbox-exporter: a probe timeout edit rolls through its values-only checksum, no notice', async () => {
    const chart = 'charts/prometheus-blackbox-exporter';
    const report = await edited(BLACKBOX, `${chart}/values.yaml`, (t) =>
      t.replace('timeout: 5s', 'timeout: 7s'),
    );
    expect(report.rendered).toEqual([chart]);
    expect(report.notChecked).toEqual([]);
    expect(report.changes.map((c) => `${c.kind} ${c.name} ${c.file}:${c.line}`)).toEqual([
      `ConfigMap prometheus-blackbox-exporter ${chart}/values.yaml:178`,
    ]);
    expect(statuses(report)).toEqual(['rolling Deployment prometheus-blackbox-exporter']);
    expect(notices(report)).toEqual([]);
  });

  test('podinfo with redis.enabled: the whole-file checksum over a file without chart labels rolls, and gets no chart-version notice', async () => {
    const chart = 'charts/podinfo';
    const report = await edited(
      PODINFO,
      `${chart}/templates/redis/config.yaml`,
      (t) => t.replace('maxmemory 64mb', 'maxmemory 128mb'),
      (dir) => {
        const values = join(dir, chart, 'values.yaml');
        writeFileSync(
          values,
          readFileSync(values, 'utf8').replace('redis:\n  enabled: false', 'redis:\n  enabled: true'),
        );
      },
    );
    expect(report.rendered).toEqual([chart]);
    expect(report.notChecked).toEqual([]);
    expect(report.changes.map((c) => `${c.kind} ${c.name} ${c.file}:${c.line}`)).toEqual([
      `ConfigMap podinfo-redis ${chart}/templates/redis/config.yaml:8`,
    ]);
    expect(statuses(report)).toEqual(['rolling Deployment podinfo-redis']);
    expect(notices(report)).toEqual([]);
  });
});
