import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import reportSchema from '../docs/report.schema.json' with { type: 'json' };
import { join } from 'node:path';
import { check } from '../src/commands/check.js';
import { manifestSelector } from '../src/stages/2-sources/select.js';
import { Repository } from '../src/stages/1-git/repository.js';
import { renderMarkdown } from '../src/stages/9-report/markdown.js';
import { renderText } from '../src/stages/9-report/text.js';
import type { Report } from '../src/model/types.js';
import { corpora, corpusPath } from './helpers/corpora.js';
import { TempRepo } from './helpers/temp-repo.js';
import { HELM } from './helpers/helm.js';
import { touchEveryConfig } from './helpers/touch.js';
import { configMap, container, workload, yaml } from './helpers/manifests.js';

// The reports of fixed scenarios, stored once and compared on every run: a refactor must leave
// every byte of every output as it was. `CRG_UPDATE_GOLDEN=1 npm test -- golden` rewrites them
// after a deliberate change in output, which the diff of test/golden/ then shows for review.
const GOLDEN = join(import.meta.dirname, 'golden');
const EXAMPLE = join(import.meta.dirname, '../examples/edge-proxy');
const CORPORA = ['kubernetes__examples', 'prometheus-operator__kube-prometheus', 'kubernetes__ingress-nginx'];

const validReport = new Ajv({ allErrors: true, strict: false }).compile(reportSchema);

async function outputs(temp: TempRepo): Promise<Record<string, string>> {
  const repo = Repository.open(temp.dir);
  try {
    const report = await check(repo, { base: 'HEAD~1', head: 'HEAD', helm: HELM });
    // Every report is of the shape docs/report.schema.json promises (the publish mode checks it).
    expect({ valid: validReport(report), errors: validReport.errors }).toEqual({ valid: true, errors: null });
    const stable = withoutShas(report);
    return {
      json: JSON.stringify(stable, null, 2) + '\n',
      md: renderMarkdown(stable),
      txt: renderText(stable, { colour: false, verbose: true }),
    };
  } finally {
    repo.close();
  }
}

/** Commit SHAs (dates) and timings differ on every run; everything else must not. */
function withoutShas(report: Report): Report {
  const stable = { ...report, base: '0'.repeat(40), head: 'f'.repeat(40) };
  delete stable.stats;
  return stable;
}

function compare(name: string, actual: Record<string, string>) {
  for (const [ext, text] of Object.entries(actual)) {
    const file = join(GOLDEN, `${name}.${ext}`);
    if (process.env.CRG_UPDATE_GOLDEN || !existsSync(file)) writeFileSync(file, text);
    expect({ file: `${name}.${ext}`, text }).toEqual({
      file: `${name}.${ext}`,
      text: readFileSync(file, 'utf8'),
    });
  }
}

test('the bundled example', async () => {
  const temp = (await TempRepo.create()).copyIn(join(EXAMPLE, 'base'));
  await temp.commit('base');
  temp.remove('apps', 'charts').copyIn(join(EXAMPLE, 'head'));
  await temp.commit('head');
  compare('edge-proxy', await outputs(temp));
});

test('a stale hash on a workload whose config did not change', async () => {
  const temp = await TempRepo.create();
  const deployment = (replicas: number) =>
    yaml(
      configMap('app-config', { LEVEL: 'info' }),
      workload(
        'Deployment',
        'app',
        { containers: [container('app', { envFrom: [{ configMapRef: { name: 'app-config' } }] })] },
        { annotations: { 'config-rollout-guard/hash': 'sha256:' + '0'.repeat(64) }, spec: { replicas } },
      ),
    );
  temp.write({ 'app.yaml': deployment(1) });
  await temp.commit('base');
  temp.write({ 'app.yaml': deployment(2) });
  await temp.commit('head');
  compare('stale-hash-only', await outputs(temp));
});

const available = corpora().filter((name) => CORPORA.includes(name));
const each = available.length ? test.each(available) : test.skip.each(['(no corpora)']);
each('corpus %s with every config touched', async (name) => {
  const temp = (await TempRepo.create()).copyIn(corpusPath(name));
  await temp.commit('corpus');
  const files = (await temp.git.raw(['ls-files']))
    .split('\n')
    .filter(Boolean)
    .filter(await manifestSelector());
  const { edits } = touchEveryConfig(temp.dir, files);
  temp.write(Object.fromEntries(edits));
  await temp.commit('touch every config');
  compare(name, await outputs(temp));
});
