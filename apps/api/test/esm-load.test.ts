import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Vitest bundles modules through Vite, which forgives what Node does not (named imports from a
 * CommonJS package, for one). `npm start` runs the sources with tsx on plain Node: load them that way.
 */
describe('the API sources load on plain Node ESM (as npm start runs them)', () => {
  it('imports the app, the database client and the seed', () => {
    const script = [
      "await import('./src/app.ts');",
      "await import('./src/db/client.ts');",
      "await import('./src/db/seed/index.ts');",
      "console.log('loaded');",
    ].join(' ');
    const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: apiDir,
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '' },
      timeout: 60_000,
    });
    expect(result.stderr.split('\n').filter((line) => /Error/.test(line))).toEqual([]);
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toBe('loaded');
  });
});
