import { execFileSync } from 'node:child_process';

/** Whether a real kustomize (standalone or kubectl's) can run here; the rendered-mode tests need one. */
export const hasKustomize = (() => {
  for (const [command, args] of [
    ['kustomize', ['version']],
    ['kubectl', ['version', '--client']],
  ] as const) {
    try {
      execFileSync(command, [...args], { stdio: 'ignore' });
      return true;
    } catch {
      // try the next
    }
  }
  console.warn('kustomize tests skipped: neither kustomize nor kubectl is on PATH.');
  return false;
})();
