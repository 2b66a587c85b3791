import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../test/context.ts';
import { CHUNK_SIZE, postgresStorage } from './storage-postgres.ts';
import { localStorage, parseRange, type Storage } from './storage.ts';

const collect = async (stream: Readable) => {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
};

// Two and a half chunks, so that ranges cross chunk boundaries; a stream written in odd pieces.
const DATA = randomBytes(CHUNK_SIZE * 2 + CHUNK_SIZE / 2 + 7);
const inPieces = (data: Buffer) =>
  Readable.from(
    (function* pieces() {
      for (let at = 0; at < data.length; at += 100_003) yield data.subarray(at, at + 100_003);
    })(),
  );

function storageContract(name: string, make: () => Storage) {
  describe(name, () => {
    it('writes a buffer or a stream, and reads back the same bytes, whole or by range', async () => {
      const storage = make();
      await storage.put('videos/lesson.mp4', inPieces(DATA));
      await storage.put('avatars/ab/cd.jpg', Buffer.from('jpeg bytes'));
      expect(await storage.stat('videos/lesson.mp4')).toEqual({ size: DATA.length });
      expect((await storage.read('videos/lesson.mp4')).equals(DATA)).toBe(true);
      expect((await collect(storage.stream('videos/lesson.mp4'))).equals(DATA)).toBe(true);
      for (const [start, end] of [
        [0, 0],
        [CHUNK_SIZE - 3, CHUNK_SIZE + 4],
        [CHUNK_SIZE * 2 + 1, DATA.length - 1],
        [5, DATA.length - 1],
      ] as const) {
        const part = await collect(storage.stream('videos/lesson.mp4', { start, end }));
        expect(part.equals(DATA.subarray(start, end + 1)), `${start}-${end}`).toBe(true);
      }
      expect((await storage.read('avatars/ab/cd.jpg')).toString()).toBe('jpeg bytes');
      const keys: string[] = [];
      for await (const key of storage.keys()) keys.push(key);
      expect(keys.sort()).toEqual(['avatars/ab/cd.jpg', 'videos/lesson.mp4']);
    });

    it('replaces a file, removes it, and knows when it is not there', async () => {
      const storage = make();
      await storage.put('documents/a.pdf', Buffer.from('first version, longer'));
      await storage.put('documents/a.pdf', Buffer.from('second'));
      expect((await storage.read('documents/a.pdf')).toString()).toBe('second');
      expect(await storage.exists('documents/a.pdf')).toBe(true);
      await storage.remove('documents/a.pdf');
      expect(await storage.exists('documents/a.pdf')).toBe(false);
      expect(await storage.stat('documents/a.pdf')).toBeNull();
      await expect(storage.read('documents/a.pdf')).rejects.toThrow();
      await storage.put('documents/empty.txt', Buffer.alloc(0));
      expect((await storage.read('documents/empty.txt')).length).toBe(0);
    });
  });
}

describe('local folder storage', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mels-storage-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  let n = 0;
  storageContract('contract', () => localStorage(path.join(root, String((n += 1)))));
  it('refuses a key that leaves its folder', async () => {
    await expect(localStorage(root).put('../escape', Buffer.from('x'))).rejects.toThrow(/escapes/);
  });
});

describe.each(drivers())('PostgreSQL storage on the %s database', (driver) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(driver, { seed: false });
  });
  afterAll(() => ctx.close());
  storageContract('contract', () => {
    const storage = postgresStorage(ctx.deps.db);
    return storage;
  });
  it('keeps a file in chunks of CHUNK_SIZE (a range reads only what it needs)', async () => {
    const storage = postgresStorage(ctx.deps.db);
    await storage.put('chunked.bin', DATA);
    const rows = await ctx.deps.db.query.storedFileChunks.findMany();
    expect(rows.map((r) => r.data.length).sort((a, b) => b - a)).toEqual(
      expect.arrayContaining([CHUNK_SIZE, CHUNK_SIZE, CHUNK_SIZE / 2 + 7]),
    );
  });
});

describe('parseRange', () => {
  it.each([
    [undefined, 100, 'all'],
    ['bytes=0-9', 100, { start: 0, end: 9 }],
    ['bytes=90-', 100, { start: 90, end: 99 }],
    ['bytes=-10', 100, { start: 90, end: 99 }],
    ['bytes=50-500', 100, { start: 50, end: 99 }],
    ['bytes=100-', 100, 'unsatisfiable'],
    ['bytes=9-3', 100, 'unsatisfiable'],
    ['bytes=0-1,5-6', 100, 'all'],
    ['items=0-1', 100, 'all'],
  ] as const)('%s of %i bytes → %j', (header, size, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });
});
