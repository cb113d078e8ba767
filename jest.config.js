// ESM + ts-jest: tests import the TypeScript sources directly, `.js` specifiers mapped back to `.ts`.
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: 'tsconfig.json' }],
  },
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  testTimeout: 60000,
  // Most tests wait on programs they start (git, kustomize, helm, the Action's bundle), so a worker
  // per core, not Jest's default of one fewer, keeps the cores busy: 478 s against 643 s on 2 cores.
  maxWorkers: '100%',
  globalSetup: '<rootDir>/test/setup/global.js',
};
