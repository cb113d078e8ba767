import { annotations } from '../src/action/annotations.js';
import {
  FAIL_ON_VALUES,
  STATUS_ORDER,
  failureReason,
  hasFindings,
  headline,
  nextStep,
  overallTone,
} from '../src/model/status.js';
import type { Impact, ImpactStatus, Report } from '../src/model/types.js';
import { renderMarkdown } from '../src/stages/9-report/markdown.js';
import { renderText } from '../src/stages/9-report/text.js';
import { verdict } from '../src/stages/9-report/wording.js';

const change = {
  kind: 'ConfigMap' as const,
  namespace: 'prod',
  name: 'app-config',
  file: 'config.yaml',
  line: 1,
  change: 'modified' as const,
  keys: { added: [], removed: [], modified: ['LEVEL'] },
};

function reportWith(status: ImpactStatus, withChange = true): Report {
  const impact: Impact = {
    status,
    reason: `reason for ${status}`,
    workload: { kind: 'Deployment', namespace: 'prod', name: 'app', file: 'app.yaml', line: 3 },
    configs: withChange
      ? [
          {
            kind: 'ConfigMap',
            namespace: 'prod',
            name: 'app-config',
            keys: ['LEVEL'],
            via: [{ path: 'containers[app].envFrom[0].configMapRef', container: 'app', delivery: 'env' }],
            namespaceAssumed: false,
          },
        ]
      : [],
    delivery: withChange ? ['env'] : [],
  };
  return {
    version: 2,
    base: 'a'.repeat(40),
    head: 'b'.repeat(40),
    changes: withChange ? [change] : [],
    impacts: [impact],
    unaffected: [],
    diagnostics: [],
    rendered: [],
    notChecked: [],
  };
}

// Every status, with and without a changed config behind it, through every output and the exit code:
// what fails the run must never look like an all-clear, and what does not fail must not say it does.
describe.each(STATUS_ORDER.flatMap((s) => [[s, true] as const, [s, false] as const]))(
  'status %s (changed config: %s)',
  (status, withChange) => {
    const report = reportWith(status, withChange);
    const failsAtDefault = failureReason(report, 'dormant') !== null;

    test('markdown headline icon agrees with the exit code', () => {
      const first = renderMarkdown(report).split('\n')[0];
      if (failsAtDefault) expect(first).toMatch(/^### ❌/);
      else expect(first).not.toMatch(/❌/);
      expect(renderMarkdown(report)).toContain(status);
    });

    test('headline names the status whenever it needs action, and never claims there is nothing', () => {
      const line = headline(report);
      if (hasFindings(report)) {
        expect(line).not.toMatch(/No ConfigMap or Secret content changes|picks it up|No workload/);
        expect(nextStep(report, 'abc1234', 'terminal')).not.toBeNull();
      } else {
        expect(nextStep(report, 'abc1234', 'terminal')).toBeNull();
      }
      expect(renderText(report, { colour: false, verbose: false })).toContain(status.toUpperCase());
    });

    test('annotations warn exactly when the status needs action', () => {
      const warned = annotations(report).some((a) => a.level === 'warning' && a.title.startsWith(status));
      expect(warned).toBe(hasFindings(report));
    });

    test('fail-on levels are ordered: none never fails, manual fails on all that dormant fails on', () => {
      expect(failureReason(report, 'none')).toBeNull();
      if (failsAtDefault) expect(failureReason(report, 'manual')).not.toBeNull();
      for (const level of FAIL_ON_VALUES) {
        const reason = failureReason(report, level);
        if (reason) expect(reason).toContain(status);
      }
      expect(overallTone(report) === 'bad').toBe(failsAtDefault);
    });
  },
);

test('the verdict line counts statuses worst first, as the policy orders them', () => {
  const impacts = [...STATUS_ORDER].reverse().map((s) => reportWith(s).impacts[0]);
  const line = verdict({ ...reportWith('rolling'), impacts });
  const positions = STATUS_ORDER.map((s) => line.indexOf(`1 ${s}`));
  expect(positions.every((p) => p >= 0)).toBe(true);
  expect([...positions].sort((a, b) => a - b)).toEqual(positions);
});

describe('the headline in every combination of failing findings, input not checked, and nothing', () => {
  const skipped = {
    kind: 'file' as const,
    name: 'broken.yaml',
    file: 'broken.yaml',
    line: 3,
    reason: 'unreadable' as const,
    side: 'head' as const,
    message: 'broken.yaml could not be read at head',
    // Downgraded by warn-not-checked: said, but not failing.
    fails: false,
  };
  const cases = [
    {
      failing: true,
      unread: true,
      icon: '❌',
      line: '1 file not checked; 1 workload will not pick up this change.',
    },
    { failing: true, unread: false, icon: '❌', line: '1 workload will not pick up this change.' },
    { failing: false, unread: true, icon: '⚠️', line: '1 file not checked.' },
    {
      failing: false,
      unread: false,
      icon: '✅',
      line: 'Every workload that reads the changed config picks it up.',
    },
  ];
  test.each(cases)('failing $failing, not checked $unread → $icon', ({ failing, unread, icon, line }) => {
    const report: Report = {
      ...reportWith(failing ? 'dormant' : 'rolling'),
      notChecked: unread ? [skipped] : [],
    };
    expect(renderMarkdown(report).split('\n')[0]).toBe(`### ${icon} Config Rollout Guard: ${line}`);
    expect(renderText(report, { colour: false, verbose: false }).split('\n')[1]).toBe(line);
    expect(hasFindings(report)).toBe(failing || unread);
  });

  test('a not-checked entry that fails makes the headline ❌ whatever the impacts say', () => {
    const report: Report = { ...reportWith('rolling'), notChecked: [{ ...skipped, fails: true }] };
    expect(renderMarkdown(report).split('\n')[0]).toBe('### ❌ Config Rollout Guard: 1 file not checked.');
    expect(failureReason(report, 'dormant')).toBe('1 file not checked (fail-on: dormant)');
  });

  test('nothing changed and nothing skipped is the only plain all-clear', () => {
    const report: Report = { ...reportWith('rolling'), changes: [], impacts: [] };
    expect(renderMarkdown(report).split('\n')[0]).toBe(
      '### ✅ Config Rollout Guard: No ConfigMap or Secret content changes.',
    );
  });
});

test('an error comes first in the next step, before the cure of the worst status', () => {
  const report = reportWith('dormant', true);
  const error = { file: 'w.yaml', line: 9, severity: 'error' as const, message: 'Deployment w: …' };
  const alone = nextStep(report, 'abc1234', 'terminal')!;
  const withError = nextStep({ ...report, diagnostics: [error] }, 'abc1234', 'terminal');
  expect(withError).toBe(
    `First fix the error above: the apply or the new pods would fail. Then ${alone[0].toLowerCase()}${alone.slice(1)}`,
  );
  expect(
    nextStep({ ...reportWith('rolling', true), diagnostics: [error, error] }, 'abc1234', 'terminal'),
  ).toBe('First fix the 2 errors above: the apply or the new pods would fail.');
});
