import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { seo } from './lib/seo.ts';

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public');

describe('the pages’ Open Graph image', () => {
  it('is a file the site serves: a 1200×630 PNG', () => {
    const image = seo('Title', 'Description', '/').meta.find(
      (m) => 'property' in m && m.property === 'og:image',
    ) as { content: string };
    const file = path.join(publicDir, new URL(image.content).pathname);
    const png = readFileSync(file);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    // The IHDR chunk comes first: width and height, big-endian.
    expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });
});
