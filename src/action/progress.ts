import * as core from '@actions/core';
import { STAGE_TITLES, type ProgressListener } from '../model/progress.js';
import { terminal } from '../stages/9-report/escape.js';

/**
 * The Action's log: one folded group per stage, its steps inside, and the time it took on the
 * group's last line. Repository names lose their line breaks, so none can start a workflow command.
 */
export const actionProgress = (): ProgressListener => ({
  begin: (stage) => core.startGroup(STAGE_TITLES[stage]),
  step: (_stage, done, total, item) => core.info(`${done}/${total}: ${terminal(item)}`),
  end: (stage, ms) => {
    core.info(`${STAGE_TITLES[stage]}: ${(ms / 1000).toFixed(1)} s`);
    core.endGroup();
  },
});
