import { FakeGitHub } from './helpers/fake-github.js';
import { RemoteSetup, runAction } from './helpers/action-run.js';
import { configMap, container, deployment, lineOf, yaml } from './helpers/manifests.js';

// GitHub shows 10 annotations of each level per step: the rest are counted in the summary.
test('twelve dormant workloads: twelve warnings, the two GitHub hides counted in the summary', async () => {
  const setup = await new RemoteSetup().init();
  const apps = Object.fromEntries(
    Array.from({ length: 12 }, (_, i) => [
      `app${i}.yaml`,
      yaml(
        deployment(`app${i}`, {
          containers: [container('c', { envFrom: [{ configMapRef: { name: 'cfg' } }] })],
        }),
      ),
    ]),
  );
  setup.dev.write({ 'cfg.yaml': yaml(configMap('cfg', { a: '1' })), ...apps });
  await setup.dev.commit('base');
  const base = await setup.push('main');
  setup.dev.write({ 'cfg.yaml': yaml(configMap('cfg', { a: '2' })) });
  await setup.dev.commit('change');
  const head = await setup.push('feature');
  const github = await new FakeGitHub(setup.bare).start();
  try {
    const result = await runAction({
      checkout: await setup.checkout(head),
      apiUrl: github.url,
      eventName: 'push',
      payload: { before: base, after: head },
    });
    expect(result.stdout.match(/^::warning title=dormant/gm)).toHaveLength(12);
    expect(result.summary).toContain(
      '2 more warnings than GitHub shows inline (10 per level); every finding is in the report above.',
    );
  } finally {
    await github.stop();
  }
});

test('a removed key a reader still needs: one error, shown on the reader line and on the config', async () => {
  const setup = await new RemoteSetup().init();
  const reader = yaml(
    deployment('app', {
      containers: [
        container('c', { env: [{ name: 'A', valueFrom: { configMapKeyRef: { name: 'cfg', key: 'a' } } }] }),
      ],
    }),
  );
  setup.dev.write({ 'cfg.yaml': yaml(configMap('cfg', { a: '1', b: '1' })), 'app.yaml': reader });
  await setup.dev.commit('base');
  const base = await setup.push('main');
  setup.dev.write({ 'cfg.yaml': yaml(configMap('cfg', { b: '2' })) });
  await setup.dev.commit('drop a');
  const head = await setup.push('feature');
  const github = await new FakeGitHub(setup.bare).start();
  try {
    const result = await runAction({
      checkout: await setup.checkout(head),
      apiUrl: github.url,
      eventName: 'push',
      payload: { before: base, after: head },
    });
    const errors = [
      ...result.stdout.matchAll(/^::error title=Config Rollout Guard,file=([^,]*),line=(\d+)/gm),
    ];
    expect(errors.map((m) => `${m[1]}:${m[2]}`).sort()).toEqual([
      `app.yaml:${lineOf(reader, 'name: cfg')}`,
      'cfg.yaml:1',
    ]);
  } finally {
    await github.stop();
  }
});
