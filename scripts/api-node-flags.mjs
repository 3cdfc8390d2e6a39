// The node flags the API's process starts with, under `npm start` (scripts/start.mjs); the API's
// image starts it with the same (Dockerfile.api's CMD, kept equal by api/test/node-flags.test.ts).
// Stack traces name the TypeScript sources, and V8's heap is sized for a process whose live heap is
// small while a CSV export streams hundreds of megabytes of garbage through it: a small young
// generation, and an old generation whose ceiling keeps its growth between full collections small
// (docs/operations.md#memory).
export const API_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=4', '--max-old-space-size=512'];
