import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// npm run test:compose on a machine where no Docker engine answers: a developer gets a clear skip,
// CI a failure (a check that did not run must not pass). No engine: DOCKER_HOST names a socket
// that does not exist, and the offline engine's env is looked for in an empty folder.
const root = path.resolve(import.meta.dirname, '../..');
const noDocker = {
  PATH: process.env.PATH ?? '',
  HOME: os.tmpdir(),
  DOCKER_HOST: `unix://${path.join(os.tmpdir(), 'no-docker-here.sock')}`,
  OFFLINE_DOCKER_STATE: mkdtempSync(path.join(os.tmpdir(), 'no-offline-docker-')),
};
const run = (env: Record<string, string>) =>
  spawnSync('bash', ['tests/compose/run.sh'], { cwd: root, env: { ...noDocker, ...env }, encoding: 'utf8' });

describe('test:compose without Docker', () => {
  it('skips with a clear message outside CI', () => {
    const r = run({});
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('test:compose SKIPPED: no Docker engine answers');
  });

  it('fails in CI (CI=true, as .ci/run sets)', () => {
    const r = run({ CI: 'true' });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain('Docker is required here');
    expect(r.stdout).not.toContain('SKIPPED');
  });

  it('fails when COMPOSE_TEST_REQUIRED=1', () => {
    const r = run({ COMPOSE_TEST_REQUIRED: '1' });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain('Docker is required here');
  });
});
