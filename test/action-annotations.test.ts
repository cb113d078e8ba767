import { FakeGitHub } from './helpers/fake-github.js';
import { RemoteSetup, runAction } from './helpers/action-run.js';
import { configMap, container, deployment, lineOf, yaml } from './helpers/manifests.js';

/** The Action on a push from `base` files to `head` files, against a fake GitHub. */
async function pushed(base: Record<string, string>, head: Record<string, string>) {
  const setup = await new RemoteSetup().init();
  setup.dev.write(base);
  await setup.dev.commit('base');
  const before = await setup.push('main');
  setup.dev.write(head);
  await setup.dev.commit('change');
  const after = await setup.push('feature');
  const github = await new FakeGitHub(setup.bare).start();
  try {
    return await runAction({
      checkout: await setup.checkout(after),
      apiUrl: github.url,
      eventName: 'push',
      payload: { before, after },
    });
  } finally {
    await github.stop();
  }
}

// GitHub shows 10 annotations of each level per step: the rest are counted in the summary.
test('twelve dormant workloads: twelve warnings, the two GitHub hides counted in the summary', async () => {
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
  const result = await pushed(
    { 'cfg.yaml': yaml(configMap('cfg', { a: '1' })), ...apps },
    { 'cfg.yaml': yaml(configMap('cfg', { a: '2' })) },
  );
  expect(result.stdout.match(/^::warning title=dormant/gm)).toHaveLength(12);
  expect(result.summary).toContain(
    '2 more warnings than GitHub shows inline (10 per level); every finding is in the report above.',
  );
});

test('a removed key a reader still needs: one error, shown on the reader line and on the config', async () => {
  const reader = yaml(
    deployment('app', {
      containers: [
        container('c', { env: [{ name: 'A', valueFrom: { configMapKeyRef: { name: 'cfg', key: 'a' } } }] }),
      ],
    }),
  );
  const result = await pushed(
    { 'cfg.yaml': yaml(configMap('cfg', { a: '1', b: '1' })), 'app.yaml': reader },
    { 'cfg.yaml': yaml(configMap('cfg', { b: '2' })) },
  );
  const errors = [...result.stdout.matchAll(/^::error title=Config Rollout Guard,file=([^,]*),line=(\d+)/gm)];
  expect(errors.map((m) => `${m[1]}:${m[2]}`).sort()).toEqual([
    `app.yaml:${lineOf(reader, 'name: cfg')}`,
    'cfg.yaml:1',
  ]);
});
