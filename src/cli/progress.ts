import { STAGE_TITLES, type ProgressListener, type Stage } from '../model/progress.js';
import { terminal } from '../stages/9-report/escape.js';

export const PROGRESS_MODES = ['auto', 'plain', 'none'] as const;
export type ProgressMode = (typeof PROGRESS_MODES)[number];

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * How a run shows it is working, on stderr only. On a terminal one line that updates in place and
 * is gone at the end (`auto`); in a CI log a line per stage with its time, and a step line at most
 * every few seconds (`plain`); `auto` off a terminal is `none`, so piped output stays clean.
 */
export function progressListener(
  mode: ProgressMode,
  out: { write: (text: string) => void; tty: boolean; columns: number },
): ProgressListener | null {
  if (mode === 'none' || (mode === 'auto' && !out.tty)) return null;
  if (mode === 'auto') {
    const show = (line: string) => out.write(`\r\x1b[K${terminal(line).slice(0, out.columns - 1)}`);
    return {
      begin: (stage) => show(`${STAGE_TITLES[stage]}…`),
      step: (stage, done, total, item) => show(`${STAGE_TITLES[stage]} ${done}/${total}: ${item}`),
      end: () => out.write('\r\x1b[K'),
    };
  }
  let lastStep = 0;
  const stepLine = (stage: Stage, done: number, total: number, item: string) => {
    const now = Date.now();
    if (done < total && now - lastStep < 5000) return;
    lastStep = now;
    out.write(`${STAGE_TITLES[stage]} ${done}/${total}: ${terminal(item)}\n`);
  };
  return {
    begin: () => {
      lastStep = Date.now();
    },
    step: stepLine,
    end: (stage, ms) => out.write(`${STAGE_TITLES[stage]}: ${seconds(ms)}\n`),
  };
}
