// `npm run demo`: turns examples/edge-proxy/{base,head} into a real two-commit git repository in a
// temporary directory and runs the built CLI on it, exactly as a user would on their own repository:
// `check` finds the dormant proxy and the dormant status page of a Helm chart, `fix --dry-run` shows
// the annotation and the chart checksum that cure them. Without helm on PATH, the bundled Linux helm
// (scripts/helm.js) is put on the CLI's PATH.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureHelm } from './helm.js';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const example = join(root, 'examples', 'edge-proxy');
const repo = mkdtempSync(join(tmpdir(), 'crg-demo-'));
const git = (...args) =>
  execFileSync(
    'git',
    ['-c', 'user.name=Demo', '-c', 'user.email=demo@example.com', '-c', 'commit.gpgsign=false', ...args],
    {
      cwd: repo,
      stdio: 'pipe',
    },
  );

try {
  git('init', '-q', '-b', 'main');
  cpSync(join(example, 'base'), repo, { recursive: true });
  git('add', '-A');
  git('commit', '-q', '-m', 'edge proxy: initial routing');
  for (const entry of readdirSync(join(example, 'base'))) rmSync(join(repo, entry), { recursive: true });
  cpSync(join(example, 'head'), repo, { recursive: true });
  git('add', '-A');
  git('commit', '-q', '-m', 'edge proxy: route /api to the api cluster');

  const env = { ...process.env };
  if (spawnSync('helm', ['version'], { stdio: 'ignore' }).status !== 0) {
    try {
      env.PATH = `${dirname(ensureHelm())}${delimiter}${env.PATH}`;
    } catch {
      // The chart is then reported "not checked: helm is not installed", which is what a user would see.
    }
  }
  const cli = (args) => {
    console.log(`$ config-rollout-guard ${args.join(' ')}\n`);
    return spawnSync(process.execPath, [join(root, 'dist', 'cli.js'), ...args], {
      stdio: 'inherit',
      cwd: repo,
      env,
    });
  };
  const result = cli(['check', '--base', 'HEAD~1', '--head', 'HEAD', ...process.argv.slice(2)]);
  console.log(`\n(exit code ${result.status}: 0 nothing to fix, 1 findings, 2 error)\n`);
  // The cure, shown rather than applied: the working tree is the head commit here.
  cli(['fix', '--base', 'HEAD~1', '--dry-run']);
} finally {
  rmSync(repo, { recursive: true, force: true });
}
