import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

// The shape docs/architecture.md promises, checked: data flows one way through the numbered stages,
// the vocabulary in model/ depends on no stage, commands orchestrate stages, and only the Action
// adapter may talk to @actions/*.
const SRC = resolve(import.meta.dirname, '../src');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

interface Import {
  from: string;
  to: string;
}

// TypeScript's own scanner finds every import, export-from and import(): a string in the code that
// reads like one (a regular expression for kustomize's "resources from '…'") is not one.
const imports: Import[] = files(SRC).flatMap((file) =>
  ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map(({ fileName: spec }) => ({
    from: relative(SRC, file),
    to: spec.startsWith('.') ? relative(SRC, resolve(dirname(file), spec)) : spec,
  })),
);

/**
 * model → 0, programs (every spawned command line) → 0.5, stages/N-… → N, commands → 10, adapters →
 * 11; a module may import only its own rank or lower.
 */
function rank(path: string): number {
  if (path.startsWith('model/')) return 0;
  if (path.startsWith('programs/')) return 0.5;
  const stage = /^stages\/(\d+)-/.exec(path);
  if (stage) return Number(stage[1]);
  if (path.startsWith('commands/')) return 10;
  return 11;
}

test('the source tree has the layers the architecture names', () => {
  expect(imports.length).toBeGreaterThan(50);
  expect(new Set(imports.map((i) => i.from.split('/')[0]))).toEqual(
    new Set(['model', 'programs', 'stages', 'commands', 'cli', 'action']),
  );
});

test('no module imports a later stage, and model imports no stage', () => {
  const backwards = imports
    .filter((i) => !i.to.startsWith('@') && !i.to.startsWith('node:') && i.to.includes('/'))
    // Data outside src/ (the configuration schema in docs/) belongs to no layer.
    .filter((i) => !i.to.startsWith('..'))
    .filter((i) => !/^[a-z@]/.test(i.to) || /^(model|programs|stages|commands|cli|action)\//.test(i.to))
    .filter((i) => rank(i.to) > rank(i.from))
    .map((i) => `${i.from} → ${i.to}`);
  expect(backwards).toEqual([]);
});

test('the adapters do not import each other', () => {
  const crossing = imports
    .filter((i) => i.from.split('/')[0] !== i.to.split('/')[0])
    .filter(
      (i) =>
        ['cli', 'action'].includes(i.from.split('/')[0]) && ['cli', 'action'].includes(i.to.split('/')[0]),
    )
    .map((i) => `${i.from} → ${i.to}`);
  expect(crossing).toEqual([]);
});

test('only src/action imports @actions/*', () => {
  const offenders = imports
    .filter((i) => i.to.startsWith('@actions/') && !i.from.startsWith('action/'))
    .map((i) => `${i.from} → ${i.to}`);
  expect(offenders).toEqual([]);
  expect(imports.some((i) => i.to.startsWith('@actions/') && i.from.startsWith('action/'))).toBe(true);
});
