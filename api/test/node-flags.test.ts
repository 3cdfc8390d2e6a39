import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { API_NODE_FLAGS } from '../../scripts/api-node-flags.mjs';

// The API runs with the same node flags under `npm start` and in its image (docs/operations.md#memory).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe("the API's node flags", () => {
  it('are the same in the image as under npm start, and size the heap for a small process', () => {
    const dockerfile = readFileSync(path.join(root, 'Dockerfile.api'), 'utf8');
    const cmd = dockerfile.split('\n').findLast((line) => line.startsWith('CMD '));
    expect(JSON.parse(cmd!.slice('CMD '.length))).toEqual(['node', ...API_NODE_FLAGS, 'api/dist/server.js']);
    expect(API_NODE_FLAGS).toEqual(
      expect.arrayContaining(['--max-semi-space-size=4', '--max-old-space-size=512']),
    );
  });
});
