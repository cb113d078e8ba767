import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';

// action.yml is the contract: every input and output it declares is documented in the README and
// used by the code, and nothing is read, written or documented that it does not declare.
const ROOT = resolve(import.meta.dirname, '..');
const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as {
  inputs: Record<string, { description?: string; default?: unknown }>;
  outputs: Record<string, { description?: string }>;
};
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const code = readdirSync(join(ROOT, 'src/action'))
  .filter((f) => f.endsWith('.ts'))
  .map((f) => readFileSync(join(ROOT, 'src/action', f), 'utf8'))
  .join('\n');

const sorted = (names: Iterable<string>) => [...new Set(names)].sort();

test('every input is declared with a description and a default', () => {
  for (const [name, input] of Object.entries(action.inputs)) {
    expect({ name, description: Boolean(input.description?.trim()) }).toEqual({ name, description: true });
    expect({ name, hasDefault: 'default' in input }).toEqual({ name, hasDefault: true });
  }
  expect(action.inputs.mode.description).toContain('fix');
});

test('the inputs the code reads are exactly the declared ones', () => {
  const read = [
    ...code.matchAll(/(?:getInput|getMultilineInput|getBooleanInput|choice)\(\s*'([a-z-]+)'/g),
  ].map((m) => m[1]);
  expect(sorted(read)).toEqual(sorted(Object.keys(action.inputs)));
});

test('the README input table lists exactly the declared inputs', () => {
  const table = readme.slice(readme.indexOf('| input '), readme.indexOf('\n\n', readme.indexOf('| input ')));
  const documented = table
    .split('\n')
    .slice(2)
    .flatMap((row) => [...row.split('|')[1].matchAll(/`([a-z-]+)`/g)].map((m) => m[1]));
  expect(sorted(documented)).toEqual(sorted(Object.keys(action.inputs)));
});

test('the outputs the code sets are exactly the declared ones, and the README names each', () => {
  const set = [...code.matchAll(/setOutput\(\s*'([a-z-]+)'/g)].map((m) => m[1]);
  expect(sorted(set)).toEqual(sorted(Object.keys(action.outputs)));
  const paragraph = readme.slice(
    readme.indexOf('Outputs: '),
    readme.indexOf('\n\n', readme.indexOf('Outputs: ')),
  );
  for (const name of Object.keys(action.outputs))
    expect({ name, inReadme: paragraph.includes(`\`${name}\``) }).toEqual({ name, inReadme: true });
});
