import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Inclusive byte positions, as in an HTTP Range header (`bytes=start-end`). */
export type ByteRange = { start: number; end: number };

/**
 * Where uploaded and generated files live (decision 026): a local folder (the embedded database's
 * installation) or PostgreSQL itself (storage-postgres.ts, every instance of a DATABASE_URL
 * installation reads the same files). Keys are relative paths made by the server, never user input.
 */
export type Storage = {
  driver: 'local' | 'postgres';
  /** Writes (or replaces) a file; a stream is read chunk by chunk, never whole into memory. */
  put: (key: string, data: Buffer | Readable) => Promise<void>;
  read: (key: string) => Promise<Buffer>;
  /** The file's bytes (or the range's), read as they are sent. */
  stream: (key: string, range?: ByteRange) => Readable;
  /** The file's size, or null when there is none. */
  stat: (key: string) => Promise<{ size: number } | null>;
  exists: (key: string) => Promise<boolean>;
  remove: (key: string) => Promise<void>;
  /** Every key, in no particular order (import, backups). */
  keys: () => AsyncIterable<string>;
};

/** Keys are relative paths made by the server (never from user input), checked to stay inside the root. */
export function localStorage(root: string): Storage {
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`storage key escapes root: ${key}`);
    return full;
  };
  const stat = async (key: string) => {
    try {
      const info = await fs.stat(resolve(key));
      return info.isFile() ? { size: info.size } : null;
    } catch {
      return null;
    }
  };
  async function* walk(dir: string): AsyncGenerator<string> {
    let entries;
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) yield* walk(full);
      else if (entry.isFile() && !entry.name.endsWith('.tmp'))
        yield path.relative(root, full).split(path.sep).join('/');
    }
  }
  return {
    driver: 'local',
    async put(key, data) {
      const full = resolve(key);
      await fs.mkdir(path.dirname(full), { recursive: true });
      const tmp = `${full}.${process.pid}.${Date.now()}.tmp`;
      if (Buffer.isBuffer(data)) await fs.writeFile(tmp, data);
      else await pipeline(data, createWriteStream(tmp));
      await fs.rename(tmp, full);
    },
    read: (key) => fs.readFile(resolve(key)),
    stream: (key, range) =>
      createReadStream(resolve(key), range ? { start: range.start, end: range.end } : {}),
    stat,
    exists: async (key) => (await stat(key)) !== null,
    async remove(key) {
      await fs.rm(resolve(key), { force: true });
    },
    keys: () => walk(path.resolve(root)),
  };
}

/** A Readable of one buffer (tests, small generated files). */
export const bufferStream = (data: Buffer): Readable => Readable.from([data]);

/**
 * Reads an HTTP Range header against a file's size: the one range asked for, 'all' when there is
 * no (usable) header, or 'unsatisfiable' (416). Several ranges are answered with the whole file.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'all' | 'unsatisfiable' {
  if (!header) return 'all';
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return 'all';
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return 'all';
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
