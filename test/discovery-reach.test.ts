import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative, resolve } from 'node:path';
import type { ManifestObject } from '../src/model/types.js';
import {
  isKustomizationFile,
  readKustomization,
  type Kustomization,
} from '../src/stages/2-sources/kustomize/kustomization.js';
import { KustomizationIndex } from '../src/stages/2-sources/kustomize/reach.js';
import { declaredDirs, findRoots, type Root } from '../src/stages/2-sources/kustomize/roots.js';
import { parseKinds } from '../src/stages/3-documents/parse.js';

// A check parses only the kustomizations that can reach what it changes. Whatever it is asked,
// the answer must be the one a discovery of every kustomization gives: for every file of real
// trees (kubeflow's 162 kustomizations with Components, a Flux home-lab with its Kustomizations)
// and of a tree written to defeat a textual search, changed alone, the roots that read it (with
// their closures and whether each is set aside) and whether any build reads it.
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
    }),
  );
  return { files: [...texts.keys()].sort(), texts };
})();

const CASES = [
  { name: 'a tree written to defeat a search for names', tree: () => TRICKY },
  ...[
    ['kubeflow', 'corpora/kubeflow__manifests'],
    ['home-ops (Flux)', 'corpora-rendered/onedr0p__home-ops'],
    ['kubernetes-engine-samples', 'corpora/GoogleCloudPlatform__kubernetes-engine-samples'],
    ['argo-rollouts', 'corpora/argoproj__argo-rollouts'],
  ]
    .filter(([, dir]) => existsSync(join(SHARED, dir)))
    .map(([name, dir]) => ({ name, tree: () => fromDisk(join(SHARED, dir)) })),
];

/** What full discovery and the index see of one tree, built as the kustomize renderer builds them. */
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
  // Parsed once for every index, as the renderer shares its parses between revisions.
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
  const controllers: ManifestObject[] = files
    .filter((f) => /\.ya?ml$/.test(f))
    .flatMap((f) => parseKinds(f, texts.get(f)!, ['Application', 'ApplicationSet', 'Kustomization']));
  return { index, controllers, under };
}

/** The roots whose build reads `path`, each with what it reads and whether it is set aside. */
const touching = (found: { roots: Root[]; setAside: Root[] }, path: string) =>
  [...found.roots.map((r) => ({ r, setAside: false })), ...found.setAside.map((r) => ({ r, setAside: true }))]
    .filter(({ r }) => r.closure.has(path) || r.declaredBy?.file === path)
    .map(({ r, setAside }) => ({ id: r.id, setAside, closure: [...r.closure].sort(), refused: r.refused }))
    .sort((a, b) => a.id.localeCompare(b.id));

describe.each(CASES)('$name: a discovery that stops where the change stops', ({ tree: load }) => {
  const tree = load();
  const { index, controllers, under } = discoveryOf(tree);
  const whole = index().all();
  const full = findRoots(whole, controllers, under, null);
  const readByAny = new Set([...full.roots, ...full.setAside].flatMap((r) => [...r.closure]));

  test('finds, for every file changed alone, the roots a discovery of every kustomization finds', () => {
    expect(whole.size).toBeGreaterThan(0);
    let touched = 0;
    for (const path of tree.files) {
      const declaring = controllers.filter((o) => o.file === path).flatMap(declaredDirs);
      const partial = findRoots(index().reaching([path], declaring), controllers, under, null);
      const expected = touching(full, path);
      touched += expected.length;
      const got = touching(partial, path);
      // Compared as text first: a deep comparison of every closure of every file is slow.
      if (JSON.stringify(got) !== JSON.stringify(expected))
        expect({ path, roots: got }).toEqual({ path, roots: expected });
    }
    expect(touched).toBeGreaterThan(0);
  });

  test('says of every file whether some build reads it, as the closures of every root say', () => {
    const asked = index();
    const answers = tree.files.map((path) => ({ path, read: asked.reads(path) }));
    expect(answers).toEqual(tree.files.map((path) => ({ path, read: readByAny.has(path) })));
    expect(answers.some((a) => a.read)).toBe(true);
    expect(answers.some((a) => !a.read)).toBe(true);
  });

  test('parses fewer kustomizations than there are for a file only a leaf reads', () => {
    let parsed = 0;
    const counting = index(() => parsed++);
    const leaf = tree.files.find((f) => !isKustomizationFile(f) && readByAny.has(f))!;
    counting.reaching([leaf]);
    expect(parsed).toBeGreaterThan(0);
    expect(parsed).toBeLessThan(whole.size);
  });
});
