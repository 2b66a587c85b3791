import { Readable } from 'node:stream';
import { and, asc, between, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { storedFileChunks, storedFiles } from '../db/schema.ts';
import type { ByteRange, Storage } from './storage.ts';

/** Bytes per stored chunk: small enough for one row, large enough for few round trips. */
export const CHUNK_SIZE = 256 * 1024;
/** Chunks read per query while streaming: at most this many × CHUNK_SIZE bytes in memory. */
const CHUNKS_PER_READ = 4;

export class StoredFileMissing extends Error {
  readonly code = 'ENOENT';
  constructor(key: string) {
    super(`no stored file '${key}'`);
  }
}

/** Cuts a buffer or a stream into chunks of exactly `size` bytes (the last one shorter). */
async function* chunksOf(data: Buffer | Readable, size: number): AsyncGenerator<Buffer> {
  if (Buffer.isBuffer(data)) {
    for (let at = 0; at < data.length; at += size) yield data.subarray(at, at + size);
    return;
  }
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const piece of data) {
    let buf = Buffer.isBuffer(piece) ? piece : Buffer.from(piece as Uint8Array);
    while (buf.length > 0) {
      const take = Math.min(size - pendingBytes, buf.length);
      pending.push(buf.subarray(0, take));
      pendingBytes += take;
      buf = buf.subarray(take);
      if (pendingBytes === size) {
        yield Buffer.concat(pending);
        pending = [];
        pendingBytes = 0;
      }
    }
  }
  if (pendingBytes > 0) yield Buffer.concat(pending);
}

/**
 * Files kept in PostgreSQL (decision 026): a stored_files row per key and its bytes in
 * stored_file_chunks rows of CHUNK_SIZE bytes, so that every instance on the database reads the
 * same files, a backup (pg_dump) holds them, and a read (a video's range) fetches only the chunks
 * it needs, a few at a time. A replaced file gets a new row: a reader of the old one fails rather
 * than mixing bytes. Writers of one key queue on a transaction-level advisory lock.
 */
export function postgresStorage(db: Database): Storage {
  const find = async (key: string) => {
    const [file] = await db
      .select({ id: storedFiles.id, size: storedFiles.size, chunkSize: storedFiles.chunkSize })
      .from(storedFiles)
      .where(eq(storedFiles.key, key));
    return file ?? null;
  };

  async function* bytes(key: string, range: ByteRange | undefined): AsyncGenerator<Buffer> {
    const file = await find(key);
    if (!file) throw new StoredFileMissing(key);
    if (file.size === 0) return;
    const start = range?.start ?? 0;
    const end = Math.min(range?.end ?? file.size - 1, file.size - 1);
    if (end < start) return;
    const firstSeq = Math.floor(start / file.chunkSize);
    const lastSeq = Math.floor(end / file.chunkSize);
    for (let from = firstSeq; from <= lastSeq; from += CHUNKS_PER_READ) {
      const to = Math.min(from + CHUNKS_PER_READ - 1, lastSeq);
      const rows = await db
        .select({ seq: storedFileChunks.seq, data: storedFileChunks.data })
        .from(storedFileChunks)
        .where(and(eq(storedFileChunks.fileId, file.id), between(storedFileChunks.seq, from, to)))
        .orderBy(asc(storedFileChunks.seq));
      if (rows.length !== to - from + 1) throw new StoredFileMissing(key);
      for (const row of rows) {
        const chunkStart = row.seq * file.chunkSize;
        const sliceFrom = Math.max(0, start - chunkStart);
        const sliceTo = Math.min(row.data.length, end - chunkStart + 1);
        yield row.data.subarray(sliceFrom, sliceTo);
      }
    }
  }

  return {
    driver: 'postgres',
    async put(key, data) {
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`mels-file:${key}`}))`);
        await tx.delete(storedFiles).where(eq(storedFiles.key, key));
        const [file] = await tx
          .insert(storedFiles)
          .values({ key, size: 0, chunkSize: CHUNK_SIZE })
          .returning({ id: storedFiles.id });
        if (!file) throw new Error(`stored file '${key}' was not written`);
        let seq = 0;
        let size = 0;
        for await (const chunk of chunksOf(data, CHUNK_SIZE)) {
          await tx.insert(storedFileChunks).values({ fileId: file.id, seq, data: chunk });
          seq += 1;
          size += chunk.length;
        }
        await tx.update(storedFiles).set({ size }).where(eq(storedFiles.id, file.id));
      });
    },
    async read(key) {
      const parts: Buffer[] = [];
      for await (const part of bytes(key, undefined)) parts.push(part);
      return Buffer.concat(parts);
    },
    stream: (key, range) => Readable.from(bytes(key, range), { objectMode: false }),
    async stat(key) {
      const file = await find(key);
      return file ? { size: file.size } : null;
    },
    exists: async (key) => (await find(key)) !== null,
    async remove(key) {
      await db.delete(storedFiles).where(eq(storedFiles.key, key));
    },
    async *keys() {
      let after = '';
      for (;;) {
        const rows = await db
          .select({ key: storedFiles.key })
          .from(storedFiles)
          .where(gt(storedFiles.key, after))
          .orderBy(asc(storedFiles.key))
          .limit(500);
        for (const row of rows) yield row.key;
        const last = rows.at(-1);
        if (!last || rows.length < 500) return;
        after = last.key;
      }
    },
  };
}
