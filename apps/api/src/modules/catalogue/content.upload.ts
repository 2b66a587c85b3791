/**
 * Reads the multipart uploads of a course's learning content (decision 035): the text fields, and each
 * file part streamed to storage as it arrives (never whole in memory, except a thumbnail image, re-encoded
 * by sharp), its type judged by its first bytes and its size bounded while it flows. On any failure the
 * files already stored by the request are removed again, so nothing is left half-written.
 */
import { Readable } from 'node:stream';
import { K } from '@mels/domain';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { sniffImageType } from '../../lib/avatar.ts';
import { ApiError } from '../../lib/errors.ts';
import type { Storage } from '../../lib/storage.ts';
import { generateToken } from '../../lib/tokens.ts';
import { SNIFF_BYTES } from './content.media.ts';

export type FileSpec = {
  /** Largest size in bytes. */
  maxBytes: number;
  /** The content type by the first bytes (and the name), or null: refused. */
  sniff: (head: Buffer, fileName: string) => string | null;
  /** Where it goes: `${folder}/<random>.<ext>`. */
  folder: string;
  extension: (type: string, fileName: string) => string;
  /** Message keys of the refusals. */
  typeError: string;
  sizeError: string;
  /** An image: read whole (small), checked by decoding it and re-encoded to a JPEG. */
  image?: true;
};

export type StoredUpload = { key: string; type: string; size: number; fileName: string };

export type Upload = { fields: Record<string, string>; files: Record<string, StoredUpload> };

const THUMB_MAX_WIDTH = 1280;
const THUMB_MAX_HEIGHT = 720;

const refusal = (status: 400 | 413 | 415, field: string, key: string) =>
  new ApiError(
    status,
    status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'VALIDATION_ERROR',
    status === 413 ? K.errors.payloadTooLarge : K.errors.validation,
    { [field]: [key] },
  );

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error
    ? String((error as { code: unknown }).code)
    : undefined;
}

/** Reads the head of a stream (at least `bytes`, unless it ends first) and a stream of all of it. */
async function peek(
  source: Readable,
  bytes: number,
): Promise<{ head: Buffer; whole: AsyncIterator<Buffer> }> {
  const it = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let length = 0;
  while (length < bytes) {
    const next = await it.next();
    if (next.done) break;
    chunks.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(chunks);
  let sentHead = false;
  const whole: AsyncIterator<Buffer> = {
    next: async () => {
      if (!sentHead) {
        sentHead = true;
        if (head.length > 0) return { value: head, done: false };
      }
      return it.next();
    },
  };
  return { head, whole };
}

/** Bytes of an iterator, refusing more than `max`; `counted.size` says how many went through. */
function bounded(
  source: AsyncIterator<Buffer>,
  max: number,
  counted: { size: number },
  tooLarge: () => Error,
) {
  return Readable.from(
    (async function* () {
      for (;;) {
        const next = await source.next();
        if (next.done) return;
        counted.size += next.value.length;
        if (counted.size > max) throw tooLarge();
        yield next.value;
      }
    })(),
  );
}

async function storeImage(
  storage: Storage,
  spec: FileSpec,
  field: string,
  data: Buffer,
): Promise<StoredUpload> {
  const sniffed = sniffImageType(data);
  if (!sniffed) throw refusal(415, field, spec.typeError);
  let jpeg: Buffer;
  try {
    const image = sharp(data, { limitInputPixels: 40_000_000, failOn: 'error' });
    const meta = await image.metadata();
    if (meta.format !== sniffed) throw new Error('format mismatch');
    jpeg = await image
      .rotate()
      .resize(THUMB_MAX_WIDTH, THUMB_MAX_HEIGHT, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80, mozjpeg: true })
      .toBuffer();
  } catch {
    throw refusal(415, field, spec.typeError);
  }
  const key = `${spec.folder}/${generateToken()}.jpg`;
  await storage.put(key, jpeg);
  return { key, type: 'image/jpeg', size: jpeg.length, fileName: 'thumbnail.jpg' };
}

/**
 * The parts of an upload: text fields (at most 20, 10,000 characters each) and one file per name in
 * `specs` (any other file part is a 400). An empty file part (a browser's empty input) is no file.
 */
export async function readUpload(options: {
  request: FastifyRequest;
  storage: Storage;
  specs: Record<string, FileSpec>;
}): Promise<Upload> {
  const { request, storage, specs } = options;
  const fields: Record<string, string> = {};
  const files: Record<string, StoredUpload> = {};
  const largest = Math.max(...Object.values(specs).map((s) => s.maxBytes));
  try {
    const parts = request.parts({
      limits: {
        fileSize: largest + 1,
        files: Object.keys(specs).length,
        fields: 20,
        fieldSize: 10_000,
        parts: 30,
      },
    });
    for await (const part of parts) {
      if (part.type !== 'file') {
        if (part.valueTruncated) throw refusal(400, part.fieldname, K.errors.payloadTooLarge);
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
        continue;
      }
      const spec = specs[part.fieldname];
      if (!spec || files[part.fieldname]) {
        part.file.resume();
        throw refusal(400, part.fieldname, K.office.courseContent.errors.unknownField);
      }
      const { head, whole } = await peek(part.file, SNIFF_BYTES);
      if (head.length === 0) continue;
      const tooLarge = () => refusal(413, part.fieldname, spec.sizeError);
      if (spec.image) {
        const chunks: Buffer[] = [];
        const counted = { size: 0 };
        for await (const chunk of bounded(whole, spec.maxBytes, counted, tooLarge))
          chunks.push(chunk as Buffer);
        if (part.file.truncated) throw tooLarge();
        files[part.fieldname] = await storeImage(storage, spec, part.fieldname, Buffer.concat(chunks));
        continue;
      }
      const type = spec.sniff(head, part.filename);
      if (!type) {
        part.file.resume();
        throw refusal(415, part.fieldname, spec.typeError);
      }
      const key = `${spec.folder}/${generateToken()}.${spec.extension(type, part.filename)}`;
      const counted = { size: 0 };
      try {
        await storage.put(key, bounded(whole, spec.maxBytes, counted, tooLarge));
      } catch (error) {
        await storage.remove(key).catch(() => undefined);
        throw error;
      }
      files[part.fieldname] = { key, type, size: counted.size, fileName: part.filename };
      if (part.file.truncated) throw tooLarge();
    }
  } catch (error) {
    await Promise.all(Object.values(files).map((f) => storage.remove(f.key).catch(() => undefined)));
    if (error instanceof ApiError) throw error;
    const code = errorCode(error);
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      const field = (error as { part?: { fieldname?: string } }).part?.fieldname ?? 'file';
      throw refusal(413, field, specs[field]?.sizeError ?? K.errors.payloadTooLarge);
    }
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new ApiError(413, 'PAYLOAD_TOO_LARGE', K.errors.payloadTooLarge);
    throw error;
  }
  return { fields, files };
}

/** Removes stored files (a replaced video, a deleted lesson's), never failing the request for it. */
export async function removeStored(storage: Storage, keys: ReadonlyArray<string | null | undefined>) {
  await Promise.all(
    keys.filter((k): k is string => Boolean(k)).map((k) => storage.remove(k).catch(() => undefined)),
  );
}
