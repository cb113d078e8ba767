import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative, resolve } from 'node:path';
import type { ManifestObject } from '../src/model/types.js';
import {
  isKustomizationFile,
  readKustomization,
  type Kustomization,
} from '../src/stages/2-sources/kustomize/kustomization.js';
import { findReaching, KustomizationIndex } from '../src/stages/2-sources/kustomize/reach.js';
import type { Root } from '../src/stages/2-sources/kustomize/roots.js';
import { CONTROLLER_KINDS, ControllerIndex } from '../src/stages/2-sources/controllers.js';
import { CONTROLLER_GROUPS } from '../src/stages/2-sources/declaring.js';
import {
  chartReleases,
  CHART_FILE,
  DEPENDENCY_FILES,
  readChart,
  type ChartRoot,
} from '../src/stages/2-sources/helm/chart.js';
import { repositoryKey } from '../src/stages/2-sources/remote/sources.js';
import { mayDefineKind } from '../src/stages/3-documents/lines.js';
import { parseKinds } from '../src/stages/3-documents/parse.js';

// A check parses only the kustomizations that can reach what it changes, and only the Argo CD and
// Flux objects that can declare a root it touches. Whatever it is asked, the answer must be the
// one a discovery of everything gives: for every file of real trees (kubeflow's 162 kustomizations
// with Components, a Flux home-lab with its Kustomizations and HelmReleases) and of trees written
// to defeat a textual search, changed alone, the roots that read it (with their closures and
// whether each is set aside) and whether any build reads it.
const SHARED = resolve(import.meta.dirname, '../../shared');

interface Tree {
  files: string[];
  texts: Map<string, string>;
}

function fromDisk(dir: string): Tree {
  const texts = new Map<string, string>();
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile())
        texts.set(relative(dir, path).split('\\').join('/'), readFileSync(path, 'utf8'));
    }
  };
  walk(dir);
  return { files: [...texts.keys()].sort(), texts };
}

/** Written to be missed by a search for names: every way a kustomization can name a path without spelling it plainly. */
const TRICKY: Tree = (() => {
  const texts = new Map<string, string>(
    Object.entries({
      'apps/base/kustomization.yaml':
        'resources: [deploy.yaml]\nconfigMapGenerator:\n- name: c\n  files: [conf=../../shared/settings.conf]\n',
      'apps/base/deploy.yaml': 'kind: Deployment',
      'shared/settings.conf': 'a=1',
      'apps/base/sub/kustomization.yaml': 'resources:\n- ..\n',
      'apps/dotted/kustomization.yaml': "resources:\n- './../base/'\n",
      'apps/escaped/kustomization.yaml': 'resources: ["../b\\u0061se"]\n',
      'apps/quoted/kustomization.yaml': "resources: ['../it''s']\n",
      "apps/it's/kustomization.yaml": 'resources: [cm.yaml]\n',
      "apps/it's/cm.yaml": 'kind: ConfigMap',
      'apps/spaced/kustomization.yaml': 'resources:\n- ../../shared/my file.yaml\n',
      'shared/my file.yaml': 'kind: ConfigMap',
      'apps/json/Kustomization': '{"resources": ["..\\/base"]}',
      'apps/dir-input/kustomization.yaml': 'configMapGenerator:\n- name: d\n  files: [../../inputs]\n',
      'inputs/a.txt': 'a',
      'inputs/deeper/b.txt': 'b',
      'charted/kustomization.yaml': 'helmCharts:\n- name: local\n',
      'charted/elsewhere/kustomization.yaml':
        'helmCharts:\n- name: local\nhelmGlobals: {chartHome: ../../shared-charts}\n',
      'shared-charts/local/Chart.yaml': 'name: local',
      'shared-charts/local/templates/cm.yaml': 'kind: ConfigMap',
      'charted/charts/local/Chart.yaml': 'name: local',
      'charted/charts/local/templates/cm.yaml': 'kind: ConfigMap',
      'components/extra/kustomization.yaml': 'kind: Component\nresources: [cm.yaml]\n',
      'components/extra/cm.yaml': 'kind: ConfigMap',
      'components/unused/kustomization.yaml': 'kind: Component\nresources: [cm.yaml]\n',
      'components/unused/cm.yaml': 'kind: ConfigMap',
      'overlays/prod/kustomization.yaml':
        'resources: [../../apps/base]\ncomponents: [../../components/extra]\n',
      'overlays/prod/patch.yaml': 'kind: Deployment',
      'overlays/self/kustomization.yaml': 'resources:\n- .\n',
      'overlays/cycle-a/kustomization.yaml': 'resources: [../cycle-b]\n',
      'overlays/cycle-b/kustomization.yaml': 'resources: [../cycle-a, x.yaml]\n',
      'overlays/cycle-b/x.yaml': 'kind: ConfigMap',
      'plugins/kustomization.yaml': 'transformers: [../labels]\n',
      'labels/kustomization.yaml': 'resources: [labels.yaml]\n',
      'labels/labels.yaml': 'kind: LabelTransformer',
      'deploy/app.yaml':
        'apiVersion: kustomize.toolkit.fluxcd.io/v1\nkind: Kustomization\nmetadata: {name: app}\nspec: {path: ./overlays/prod}\n',
      'kustomization.yaml': 'resources: [deploy/app.yaml]\n',
      // The top of the repository, named by no path at all.
      'deploy/top.yaml':
        'apiVersion: kustomize.toolkit.fluxcd.io/v1\nkind: Kustomization\nmetadata: {name: top}\nspec: {prune: true}\n',
      'deploy/dotted.yaml':
        'apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata: {name: dotted}\nspec:\n  source: {path: apps/nowhere/../dotted}\n',
      'deploy/doubled.yaml':
        'apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata: {name: doubled}\nspec:\n  source: {path: overlays//cycle-b/}\n',
      'deploy/escaped.yaml':
        'apiVersion: kustomize.toolkit.fluxcd.io/v1\nkind: Kustomization\nmetadata: {name: escaped}\nspec: {path: "./overl\\u0061ys/self"}\n',
    }),
  );
  return { files: [...texts.keys()].sort(), texts };
})();

const flux = (kind: string, name: string, spec: string, group = 'helm.toolkit.fluxcd.io/v2') =>
  `apiVersion: ${group}\nkind: ${kind}\nmetadata: {name: ${name}}\nspec:\n${spec}`;
const source = (kind: string, name: string, spec: string) =>
  flux(kind, name, spec, 'source.toolkit.fluxcd.io/v1');
const argo = (kind: string, name: string, spec: string) =>
  `apiVersion: argoproj.io/v1alpha1\nkind: ${kind}\nmetadata: {name: ${name}}\nspec:\n${spec}`;
const OWN = 'https://github.com/example/tricky';

/** Written to be missed by a search for names: every way an Argo CD or Flux object makes a release reach a file. */
const RELEASES: Tree = (() => {
  const texts = new Map<string, string>(
    Object.entries({
      'charts/web/Chart.yaml': 'apiVersion: v2\nname: web\nversion: 1.0.0\n',
      'charts/web/values.yaml': 'a: 1\n',
      'charts/web/templates/cm.yaml': 'kind: ConfigMap',
      'charts/web/charts/sub/Chart.yaml': 'apiVersion: v2\nname: sub\nversion: 1.0.0\n',
      'charts/web/charts/sub/templates/cm.yaml': 'kind: ConfigMap',
      'charts/lib/Chart.yaml': 'apiVersion: v2\nname: lib\nversion: 1.0.0\ntype: library\n',
      'charts/lib/templates/_helpers.tpl': '{{- define "x" }}{{ end }}',
      'charts/lonely/Chart.yaml': 'apiVersion: v2\nname: lonely\nversion: 1.0.0\n',
      'charts/lonely/templates/cm.yaml': 'kind: ConfigMap',
      'charts/viahc/Chart.yaml': 'apiVersion: v2\nname: viahc\nversion: 1.0.0\n',
      'charts/viahc/templates/cm.yaml': 'kind: ConfigMap',
      // An umbrella chart of this repository's web chart (file://), which an Application deploys.
      'platform/umbrella/Chart.yaml':
        'apiVersion: v2\nname: umbrella\nversion: 1.0.0\ndependencies:\n  - {name: web, version: 1.0.0, repository: "file://../../charts/web"}\n',
      'argo/umbrella.yaml': argo('Application', 'umbrella', '  source: {path: platform/umbrella}\n'),
      'charts/local/Chart.yaml': 'apiVersion: v2\nname: local\nversion: 1.0.0\n',
      'charts/local/values-prod.yaml': 'b: 2\n',
      'envs/prod/web-values.yaml': 'c: 3\n',
      'charts/two words/Chart.yaml': 'apiVersion: v2\nname: two\nversion: 1.0.0\n',
      'charts/two words/templates/cm.yaml': 'kind: ConfigMap',
      "charts/it's/Chart.yaml": 'apiVersion: v2\nname: its\nversion: 1.0.0\n',
      "charts/it's/templates/cm.yaml": 'kind: ConfigMap',
      'argo/quoted.yaml': argo('Application', 'quoted', "  source: {path: 'charts/it''s'}\n"),
      // A path with a space, folded over two lines.
      'argo/folded.yaml': argo('Application', 'folded', '  source:\n    path: charts/two\n      words\n'),
      'envs/multi.yaml': 'd: 4\n',
      'envs/unused.yaml': 'e: 5\n',
      // A local chart by path, with a values file beside the environment.
      'argo/web.yaml': argo(
        'Application',
        'web',
        '  source:\n    path: charts/web\n    helm: {valueFiles: [../../envs/prod/web-values.yaml]}\n',
      ),
      // A chart from a repository, its values from this repository through a `$ref` source.
      'argo/multi.yaml': argo(
        'Application',
        'multi',
        `  sources:\n  - {repoURL: https://charts.example.com, chart: podinfo, targetRevision: 6.0.0, helm: {valueFiles: [$values/envs/multi.yaml]}}\n  - {repoURL: ${OWN}, ref: values}\n`,
      ),
      // Names its chart's directory only through an escape.
      'argo/escaped.yaml': argo('Application', 'escaped', '  source: {path: "charts/lon\\u0065ly"}\n'),
      'argo/appset.yaml': argo(
        'ApplicationSet',
        'set',
        '  template:\n    spec:\n      source: {repoURL: "{{url}}", chart: "{{chart}}", targetRevision: 1.0.0}\n',
      ),
      'flux/git.yaml': source('GitRepository', 'flux-system', `  url: ${OWN}\n`),
      // A release that names a HelmChart, which names the chart's directory.
      'flux/helmchart.yaml': source(
        'HelmChart',
        'hc-viahc',
        '  chart: ./charts/viahc\n  sourceRef: {kind: GitRepository, name: flux-system}\n',
      ),
      'flux/release-hc.yaml': flux('HelmRelease', 'viahc', '  chartRef: {kind: HelmChart, name: hc-viahc}\n'),
      // A HelmChart of a chart from a repository, in a file of its own: the release resolves both.
      'flux/helmchart-remote.yaml': source(
        'HelmChart',
        'hc-remote',
        '  chart: podinfo\n  version: 6.1.0\n  sourceRef: {kind: HelmRepository, name: repo-b}\n',
      ),
      'flux/repo-b.yaml': source('HelmRepository', 'repo-b', '  url: https://other.example.com\n'),
      'flux/release-hc-remote.yaml': flux(
        'HelmRelease',
        'hc-remote',
        '  chartRef: {kind: HelmChart, name: hc-remote}\n',
      ),
      // Sources whose kind is not on a top-level line of their own: a flow mapping, a List's item.
      'flux/flow.yaml':
        '{apiVersion: source.toolkit.fluxcd.io/v1, kind: HelmRepository, metadata: {name: flowrepo}, spec: {url: https://flow.example.com}}\n',
      'flux/release-flow.yaml': flux(
        'HelmRelease',
        'flow',
        '  chart:\n    spec: {chart: podinfo, sourceRef: {kind: HelmRepository, name: flowrepo}}\n',
      ),
      'flux/list.yaml':
        'apiVersion: v1\nkind: List\nitems:\n- apiVersion: source.toolkit.fluxcd.io/v1\n  kind: OCIRepository\n  metadata: {name: listed}\n  spec: {url: oci://ghcr.io/listed/chart, ref: {tag: 1.0.0}}\n',
      'flux/release-listed.yaml': flux(
        'HelmRelease',
        'listed',
        '  chartRef: {kind: OCIRepository, name: listed}\n',
      ),
      // A nested `kind:` on a line of its own inside a flow mapping; a kind as an explicit key.
      'flux/flow-lines.yaml':
        '{apiVersion: source.toolkit.fluxcd.io/v1, kind: OCIRepository, metadata: {name: flowy},\nspec: {url: oci://ghcr.io/flowy/chart, ref: {tag: 1.0.0}, note: {\nkind: Thing\n}}}\n',
      'flux/release-flowy.yaml': flux(
        'HelmRelease',
        'flowy',
        '  chartRef: {kind: OCIRepository, name: flowy}\n',
      ),
      'flux/explicit.yaml':
        'apiVersion: source.toolkit.fluxcd.io/v1\n? kind\n: OCIRepository\nmetadata: {name: explicit}\nspec: {url: oci://ghcr.io/explicit/chart, ref: {tag: 1.0.0}}\n',
      'flux/release-explicit.yaml': flux(
        'HelmRelease',
        'explicit',
        '  chartRef: {kind: OCIRepository, name: explicit}\n',
      ),
      'flux/repo-a.yaml': source('HelmRepository', 'repo-a', '  url: https://charts.example.com\n'),
      'flux/release-a.yaml': flux(
        'HelmRelease',
        'a',
        '  chart:\n    spec: {chart: podinfo, version: 6.0.0, sourceRef: {kind: HelmRepository, name: repo-a}}\n',
      ),
      // Two sources of one name: the first in the listing is the one a release resolves.
      'flux/oci-1.yaml': source(
        'OCIRepository',
        'dup',
        '  url: oci://ghcr.io/one/chart\n  ref: {tag: 1.0.0}\n',
      ),
      'flux/oci-2.yaml': source(
        'OCIRepository',
        'dup',
        '  url: oci://ghcr.io/two/chart\n  ref: {tag: 2.0.0}\n',
      ),
      'flux/release-dup.yaml': flux('HelmRelease', 'dup', '  chartRef: {kind: OCIRepository, name: dup}\n'),
      'flux/release-local.yaml': flux(
        'HelmRelease',
        'local',
        '  chart:\n    spec:\n      chart: ./charts/local\n      sourceRef: {kind: GitRepository, name: flux-system}\n      valuesFiles: [./charts/local/values-prod.yaml]\n',
      ),
      'flux/release-from.yaml': flux(
        'HelmRelease',
        'from',
        '  chartRef: {kind: OCIRepository, name: dup}\n  valuesFrom: [{kind: ConfigMap, name: vals}]\n',
      ),
      'flux/ks.yaml': flux('Kustomization', 'apps', '  path: ./charts\n', 'kustomize.toolkit.fluxcd.io/v1'),
    }),
  );
  return { files: [...texts.keys()].sort(), texts };
})();

const CASES = [
  { name: 'a tree written to defeat a search for names', tree: () => TRICKY },
  { name: 'releases written to defeat a search for names', tree: () => RELEASES },
  ...[
    ['kubeflow', 'corpora/kubeflow__manifests'],
    ['home-ops (Flux)', 'corpora-rendered/onedr0p__home-ops'],
    ['kubernetes-engine-samples', 'corpora/GoogleCloudPlatform__kubernetes-engine-samples'],
    ['argo-rollouts', 'corpora/argoproj__argo-rollouts'],
    ['istio', 'corpora/istio__istio'],
    ['podinfo', 'corpora-rendered/stefanprodan__podinfo'],
  ]
    .filter(([, dir]) => existsSync(join(SHARED, dir)))
    .map(([name, dir]) => ({ name, tree: () => fromDisk(join(SHARED, dir)) })),
];

/** What a whole discovery and a partial one see of one tree, built as the renderers build them. */
function discoveryOf({ files, texts }: Tree) {
  const fileSet = new Set(files);
  const dirs = new Set<string>();
  for (const file of files) for (let d = posix.dirname(file); d !== '.'; d = posix.dirname(d)) dirs.add(d);
  const tree = { isDir: (p: string) => dirs.has(p), exists: (p: string) => dirs.has(p) || fileSet.has(p) };
  const under = (dir: string, recursive: boolean) =>
    files.filter((f) =>
      recursive
        ? dir === '' || f.startsWith(`${dir}/`)
        : (posix.dirname(f) === '.' ? '' : posix.dirname(f)) === dir,
    );
  const kustomizationFiles = files.filter(isKustomizationFile);
  // Parsed once for every index, as the renderers share their parses between revisions.
  const parsed = new Map<string, Kustomization>();
  const index = (onParse = () => {}) =>
    new KustomizationIndex(
      kustomizationFiles,
      kustomizationFiles.map((f) => texts.get(f)!),
      (file, text) => {
        onParse();
        const k = parsed.get(file) ?? readKustomization(file, text, tree);
        parsed.set(file, k);
        return k;
      },
      under,
    );
  const objects = new Map<string, ManifestObject[]>();
  const declaring = files
    .filter((f) => /\.(ya?ml|json)$/.test(f) && CONTROLLER_GROUPS.some((g) => texts.get(f)!.includes(g)))
    .map((file) => ({ file, text: texts.get(file)! }));
  const controllers = (onParse = () => {}) =>
    new ControllerIndex(
      declaring,
      (file, text) => {
        onParse();
        const known = objects.get(file) ?? parseKinds(file, text, CONTROLLER_KINDS);
        objects.set(file, known);
        return known;
      },
      mayDefineKind,
    );
  const charts = files
    .filter((f) => posix.basename(f) === CHART_FILE)
    .flatMap((file) => {
      const beside = (d: string) => texts.get(posix.join(posix.dirname(file), d)) ?? null;
      return (
        readChart(file, texts.get(file)!, Object.fromEntries(DEPENDENCY_FILES.map((d) => [d, beside(d)]))) ??
        []
      );
    });
  const releases = (changed: ReadonlySet<string> | null, ci = controllers()) =>
    chartReleases(charts, ci, changed, [], (dir) => under(dir, true), null, new Set([repositoryKey(OWN)]));
  return { index, controllers, under, releases, declaring };
}

const isChart = (r: Root | ChartRoot): r is ChartRoot => 'chart' in r;

/** The roots whose build reads `path`, each with what it reads and whether it is set aside. */
const touching = (found: { roots: (Root | ChartRoot)[]; setAside: (Root | ChartRoot)[] }, path: string) =>
  [...found.roots.map((r) => ({ r, setAside: false })), ...found.setAside.map((r) => ({ r, setAside: true }))]
    .filter(({ r }) => r.closure.has(path) || r.declaredBy?.file === path)
    .map(({ r, setAside }) => ({
      id: r.id,
      setAside,
      closure: [...r.closure].sort(),
      refused: r.refused,
      ...(isChart(r) ? { remote: r.remote, release: r.release, namespace: r.namespace } : {}),
    }))
    .sort((a, b) => a.id.localeCompare(b.id));

const readByAny = (found: { roots: (Root | ChartRoot)[]; setAside: (Root | ChartRoot)[] }) =>
  new Set([...found.roots, ...found.setAside].flatMap((r) => [...r.closure]));

describe.each(CASES)('$name: a discovery that stops where the change stops', ({ tree: load }) => {
  const tree = load();
  const { index, controllers, under, releases } = discoveryOf(tree);
  const kustomize = (changed: ReadonlySet<string> | null, ci = controllers()) =>
    findReaching(index(), ci, changed, under, null);
  const full = kustomize(null);
  const fullCharts = releases(null);

  test.each([
    ['kustomize', kustomize, full],
    ['helm', releases, fullCharts],
  ] as const)(
    '%s: finds, for every file changed alone, the roots a discovery of everything finds',
    (_, discover, whole) => {
      let touched = 0;
      for (const path of tree.files) {
        const expected = touching(whole, path);
        touched += expected.length;
        const got = touching(discover(new Set([path])), path);
        // Compared as text first: a deep comparison of every closure of every file is slow.
        if (JSON.stringify(got) !== JSON.stringify(expected))
          expect({ path, roots: got }).toEqual({ path, roots: expected });
      }
      if (whole.roots.length > 0) expect(touched).toBeGreaterThan(0);
    },
  );

  test.each([
    ['kustomize', kustomize, full],
    ['helm', releases, fullCharts],
  ] as const)(
    '%s: says of every file whether some build reads it, as every closure says',
    (_, discover, whole) => {
      const asked = discover(new Set([tree.files[0]!]));
      const all = readByAny(whole);
      const answers = tree.files.map((path) => ({ path, read: asked.reads!(path) }));
      expect(answers).toEqual(tree.files.map((path) => ({ path, read: all.has(path) })));
      expect(answers.some((a) => !a.read)).toBe(true);
    },
  );

  test('parses fewer kustomizations than there are for a file only a leaf reads', () => {
    let parsed = 0;
    const counting = index(() => parsed++);
    const leaf = tree.files.find((f) => !isKustomizationFile(f) && readByAny(full).has(f));
    if (!leaf) return expect(counting.size).toBe(0);
    findReaching(counting, controllers(), new Set([leaf]), under, null);
    expect(parsed).toBeGreaterThan(0);
    // A tree of one kustomization has nothing to leave out.
    expect(parsed).toBeLessThan(Math.max(2, counting.size));
  });
});

const homeOps = CASES.find((c) => c.name.startsWith('home-ops'));
(homeOps ? test : test.skip)(
  'home-ops: a HelmRelease or an app file changed alone parses a few of its 220 Argo CD / Flux files; a change of 40, each once',
  () => {
    const tree = homeOps!.tree();
    const { index, controllers, under, releases, declaring } = discoveryOf(tree);
    const release = tree.files.find((f) => f.endsWith('/app/helmrelease.yaml'))!;
    const manifest = tree.files.find((f) => f.endsWith('/app/externalsecret.yaml'))!;
    for (const path of [release, manifest]) {
      let [forKustomize, forHelm] = [0, 0];
      findReaching(
        index(),
        controllers(() => forKustomize++),
        new Set([path]),
        under,
        null,
      );
      releases(
        new Set([path]),
        controllers(() => forHelm++),
      );
      expect({ path, few: forKustomize + forHelm < declaring.length / 10 }).toEqual({ path, few: true });
      expect(forKustomize + forHelm).toBeGreaterThan(0);
    }
    // A change of many files reads every object once rather than search every text for each name.
    let parsed = 0;
    releases(
      new Set(tree.files.slice(0, 40)),
      controllers(() => parsed++),
    );
    expect(parsed).toBe(declaring.length);
  },
);
