// The PR comment is the product's main screen: rendered by cmark-gfm (the GitHub-flavoured renderer
// GitHub's own is built on, Debian's cmark-gfm) and laid out by headless Chromium (Debian's
// chromium) at the width of a comment on github.com, with GitHub's rules for tables. Screenshots of
// each case are kept in test-results/comment/ for a person to look at.
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { check } from '../src/commands/check.js';
import { Repository } from '../src/stages/1-git/repository.js';
import { renderMarkdown } from '../src/stages/9-report/markdown.js';
import { configMap, container, deployment, yaml } from './helpers/manifests.js';
import { scratchDir, TempRepo } from './helpers/temp-repo.js';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname ?? '.', '..');
const ARTIFACTS = join(ROOT, 'test-results', 'comment');
const CHROMIUM = ['chromium', 'chromium-browser'];

async function found(names: string[]): Promise<string | null> {
  for (const name of names)
    if (
      await run(name, ['--version']).then(
        () => true,
        () => false,
      )
    )
      return name;
  return null;
}
const [cmark, chromium] = await Promise.all([found(['cmark-gfm']), found(CHROMIUM)]);
if ((!cmark || !chromium) && process.env.CRG_REQUIRE_SERVERS)
  throw new Error(
    'cmark-gfm and chromium are needed (apt-get install cmark-gfm chromium); .ci/run installs them.',
  );
const maybe = cmark && chromium ? describe : describe.skip;

// github.com's conversation column leaves a comment body about 780 px on a desktop window; tables
// follow GitHub's markdown CSS: a block as wide as its content up to the body, scrolling past it.
const PAGE = (body: string) => `<!doctype html><html><head><meta charset="utf-8"><style>
body { margin: 0; background: #fff; }
.markdown-body { box-sizing: border-box; width: 780px; padding: 16px; font: 14px/1.5 -apple-system, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif; color: #1f2328; word-wrap: break-word; }
.markdown-body table { border-spacing: 0; border-collapse: collapse; display: block; width: max-content; max-width: 100%; overflow: auto; }
.markdown-body td, .markdown-body th { padding: 6px 13px; border: 1px solid #d1d9e0; }
.markdown-body code { padding: .2em .4em; font-size: 85%; white-space: break-spaces; background: rgba(129,139,152,.12); border-radius: 6px; font-family: ui-monospace, monospace; }
.markdown-body h3 { font-size: 1.25em; margin: 0 0 16px; }
#measure { display: none; }
</style></head><body><div class="markdown-body">${body}</div><pre id="measure"></pre><script>
const body = document.querySelector('.markdown-body');
const tables = [...body.querySelectorAll('table')];
document.getElementById('measure').textContent = JSON.stringify({
  overflow: tables.map((t) => t.scrollWidth - t.clientWidth),
  first: body.firstElementChild ? body.firstElementChild.tagName + ' ' + body.firstElementChild.textContent : '',
  details: [...body.querySelectorAll('details')].map((d) => ({ open: d.open, hidden: [...d.children].filter((c) => c.tagName !== 'SUMMARY').every((c) => !c.checkVisibility()) })),
  links: [...body.querySelectorAll('a')].map((a) => a.getAttribute('href')),
  width: body.scrollWidth,
});
</script></body></html>`;

interface Measure {
  overflow: number[];
  first: string;
  details: { open: boolean; hidden: boolean }[];
  links: string[];
  width: number;
}

const SERVER = 'https://github.example/acme/gitops';

async function comment(
  repo: TempRepo,
  name: string,
): Promise<{ measure: Measure; markdown: string; head: string }> {
  const repository = Repository.open(repo.dir);
  const head = (await repo.git.revparse(['HEAD'])).trim();
  try {
    const report = await check(repository, { base: 'HEAD~1', head: 'HEAD' });
    const markdown = renderMarkdown(report, {
      link: (file, line) =>
        `${SERVER}/blob/${head}/${file.split('/').map(encodeURIComponent).join('/')}#L${line}`,
    });
    const dir = scratchDir('crg-comment-');
    const rendered = await new Promise<string>((done, fail) => {
      const child = execFile(
        cmark!,
        ['--unsafe', '-e', 'table', '-e', 'strikethrough', '-e', 'autolink', '-e', 'tagfilter'],
        { maxBuffer: 1 << 26 },
        (error, stdout) => (error ? fail(error) : done(stdout)),
      );
      child.stdin!.end(markdown);
    });
    const page = join(dir, `${name}.html`);
    writeFileSync(page, PAGE(rendered));
    const flags = [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--user-data-dir=${join(dir, 'profile')}`,
    ];
    const { stdout: dom } = await run(chromium!, [...flags, '--dump-dom', `file://${page}`], {
      maxBuffer: 1 << 26,
    });
    mkdirSync(ARTIFACTS, { recursive: true });
    await run(chromium!, [
      ...flags,
      `--screenshot=${join(ARTIFACTS, `${name}.png`)}`,
      '--window-size=812,1600',
      '--hide-scrollbars',
      `file://${page}`,
    ]);
    const json = /<pre id="measure">([^<]*)<\/pre>/.exec(dom)?.[1] ?? '';
    return {
      measure: JSON.parse(json.replaceAll('&quot;', '"').replaceAll('&amp;', '&')) as Measure,
      markdown,
      head,
    };
  } finally {
    repository.close();
  }
}

/** Every link points at a file of the head commit, at a line that file has. */
async function expectLinksResolve(repo: TempRepo, head: string, links: string[]) {
  for (const link of links) {
    const match = new RegExp(`^${SERVER}/blob/${head}/(.+)#L(\\d+)$`).exec(link);
    expect(match).not.toBeNull();
    const path = match![1].split('/').map(decodeURIComponent).join('/');
    const text = await repo.git.show([`${head}:${path}`]);
    expect(Number(match![2])).toBeGreaterThanOrEqual(1);
    expect(Number(match![2])).toBeLessThanOrEqual(text.split('\n').length);
  }
}

const envFrom = (config: string, image = 'example/app:1') => ({
  containers: [container('app', { image, envFrom: [{ configMapRef: { name: config } }] })],
});

/** One app and its ConfigMap; a new image makes its rollout carry the config change. */
const web = (level: string, image?: string) => ({
  'apps/web.yaml': yaml(
    configMap('web-config', { LEVEL: level }),
    deployment('web', envFrom('web-config', image)),
  ),
});

maybe('the PR comment in a browser, at github.com comment width', () => {
  test.each([
    {
      name: 'failing',
      base: () => web('info'),
      head: () => web('debug'),
      headline: /^H3 ❌ Config Rollout Guard: /,
    },
    {
      name: 'clean',
      base: () => web('info'),
      head: () => web('debug', 'example/app:2'),
      headline: /^H3 ✅ Config Rollout Guard: /,
    },
    {
      name: 'large',
      base: () => large('info'),
      head: () => large('debug'),
      headline: /^H3 ❌ Config Rollout Guard: /,
    },
  ])(
    '$name: the headline first, no table wider than the comment, details folded, links resolve',
    async (c) => {
      const repo = await TempRepo.create();
      repo.write(c.base());
      await repo.commit('base');
      repo.write(c.head());
      await repo.commit('head');
      const { measure, head } = await comment(repo, c.name);
      expect(measure.first).toMatch(c.headline);
      expect(measure.overflow.every((px) => px <= 0)).toBe(true);
      expect(measure.width).toBeLessThanOrEqual(780);
      expect(measure.details.length).toBeGreaterThan(0);
      expect(measure.details.every((d) => !d.open && d.hidden)).toBe(true);
      if (c.name !== 'clean') expect(measure.links.length).toBeGreaterThan(0);
      await expectLinksResolve(repo, head, measure.links);
      expect(
        readFileSync(join(ARTIFACTS, `${c.name}.png`))
          .subarray(1, 4)
          .toString(),
      ).toBe('PNG');
    },
  );
});

/** A monorepo change: 30 teams' ConfigMaps, each read by a Deployment with a long name, and a mounted one. */
function large(level: string) {
  const files: Record<string, string> = {};
  for (let i = 0; i < 30; i++) {
    const ns = `team-${String(i).padStart(2, '0')}-payments-platform`;
    const name = `checkout-service-gateway-${i}`;
    files[`clusters/production/eu-west-1/${ns}/${name}.yaml`] = yaml(
      configMap(`${name}-config`, { LEVEL: level, 'application.properties': `level=${level}\n` }, {}, ns),
      deployment(name, envFrom(`${name}-config`), { namespace: ns }),
    );
  }
  return files;
}
