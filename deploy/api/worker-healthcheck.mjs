// Docker HEALTHCHECK for the worker service (the API image running api/dist/worker.js): healthy
// while the worker's heartbeat file is fresh. The worker writes it every 5 s once its job runner
// is up; a stuck event loop or a dead runner lets it age.
import { statSync } from 'node:fs';

try {
  const age = Date.now() - statSync('/tmp/worker-heartbeat').mtimeMs;
  process.exit(age < 30_000 ? 0 : 1);
} catch {
  process.exit(1);
}
