import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const webSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

const DESK_FOLDERS = new Set(['admin', 'desk']);

/**
 * The source files the public pages are built from: everything under web/src except the admin
 * desk (`features/desk`, the `admin` routes: it has Chakra's full system), tests
 * and generated files.
 */
export function publicFiles(dir = webSrc): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const p = path.join(dir, name);
      if (statSync(p).isDirectory()) return DESK_FOLDERS.has(name) ? [] : publicFiles(p);
      return /\.tsx?$/.test(name) && !/\.(test|gen)\.tsx?$/.test(name) && !name.startsWith('admin')
        ? [p]
        : [];
    });
}
