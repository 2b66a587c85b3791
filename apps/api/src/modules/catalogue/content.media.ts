/**
 * What an uploaded file is, judged by its bytes (decision 035): the lesson videos (MP4, WebM) and
 * their length read from the file's own header (MP4 `mvhd`, WebM `Duration`), and the course documents
 * (PDF, Office). Names and declared content types are never trusted.
 */
import { COURSE_DOCUMENT_TYPES } from '@mels/domain';
import type { Storage } from '../../lib/storage.ts';

export type VideoType = 'video/mp4' | 'video/webm';

/** Bytes the sniffers need at most from the start of a file. */
export const SNIFF_BYTES = 64;

/** MP4 ('ftyp' box first) or WebM (an EBML header whose DocType is 'webm'), else null. */
export function sniffVideo(head: Buffer): VideoType | null {
  if (head.length >= 12 && head.subarray(4, 8).toString('latin1') === 'ftyp') return 'video/mp4';
  if (
    head.length >= 4 &&
    head[0] === 0x1a &&
    head[1] === 0x45 &&
    head[2] === 0xdf &&
    head[3] === 0xa3 &&
    head.subarray(0, SNIFF_BYTES).includes(Buffer.from('webm', 'latin1'))
  )
    return 'video/webm';
  return null;
}

/** The document type of a file, when its name's extension and its first bytes agree; else null. */
export function sniffDocument(head: Buffer, fileName: string): string | null {
  const ext = /\.([a-z]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
  const type = (COURSE_DOCUMENT_TYPES as Record<string, string>)[ext];
  if (!type) return null;
  const starts = (bytes: number[]) => head.length >= bytes.length && bytes.every((b, i) => head[i] === b);
  if (ext === 'pdf') return starts([0x25, 0x50, 0x44, 0x46, 0x2d]) ? type : null; // %PDF-
  // Word/Excel/PowerPoint 97–2003: the OLE compound file signature.
  if (['doc', 'xls', 'ppt'].includes(ext))
    return starts([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]) ? type : null;
  // Office Open XML: a ZIP archive.
  return starts([0x50, 0x4b, 0x03, 0x04]) ? type : null;
}

async function readRange(storage: Storage, key: string, start: number, length: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of storage.stream(key, { start, end: start + length - 1 }))
    parts.push(Buffer.isBuffer(part) ? part : Buffer.from(part as Uint8Array));
  return Buffer.concat(parts);
}

/** The largest `moov` box read to find `mvhd` (it sits at the start of `moov`; the rest is tables). */
const MOOV_READ = 4096;

/** An MP4's length in whole seconds (rounded up) from the `mvhd` of its top-level `moov` box, wherever it is. */
async function mp4Duration(storage: Storage, key: string, size: number): Promise<number | null> {
  let at = 0;
  for (let boxes = 0; at + 8 <= size && boxes < 1000; boxes += 1) {
    const header = await readRange(storage, key, at, Math.min(16, size - at));
    if (header.length < 8) return null;
    let boxSize = header.readUInt32BE(0);
    const type = header.subarray(4, 8).toString('latin1');
    let headerSize = 8;
    if (boxSize === 1) {
      if (header.length < 16) return null;
      boxSize = Number(header.readBigUInt64BE(8));
      headerSize = 16;
    } else if (boxSize === 0) boxSize = size - at;
    if (boxSize < headerSize) return null;
    if (type === 'moov') {
      const body = await readRange(storage, key, at + headerSize, Math.min(MOOV_READ, boxSize - headerSize));
      return mvhdSeconds(body);
    }
    at += boxSize;
  }
  return null;
}

/** The duration in an `mvhd` box found in a `moov` box's body. */
export function mvhdSeconds(moovBody: Buffer): number | null {
  const i = moovBody.indexOf('mvhd', 0, 'latin1');
  if (i < 4) return null;
  const box = moovBody.subarray(i + 4);
  const version = box[0];
  let timescale: number;
  let duration: number;
  if (version === 1) {
    if (box.length < 32) return null;
    timescale = box.readUInt32BE(20);
    duration = Number(box.readBigUInt64BE(24));
  } else {
    if (box.length < 20) return null;
    timescale = box.readUInt32BE(12);
    duration = box.readUInt32BE(16);
  }
  if (!timescale || !duration || duration === 0xffffffff) return null;
  return Math.ceil(duration / timescale);
}

/** A WebM's length in whole seconds (rounded up) from its Segment Info (TimecodeScale, Duration). */
export function webmSeconds(head: Buffer): number | null {
  const durationAt = head.indexOf(Buffer.from([0x44, 0x89]));
  if (durationAt < 0) return null;
  const sizeByte = head[durationAt + 2];
  let value: number;
  if (sizeByte === 0x84 && head.length >= durationAt + 7) value = head.readFloatBE(durationAt + 3);
  else if (sizeByte === 0x88 && head.length >= durationAt + 11) value = head.readDoubleBE(durationAt + 3);
  else return null;
  let scale = 1_000_000;
  const scaleAt = head.indexOf(Buffer.from([0x2a, 0xd7, 0xb1]));
  if (scaleAt >= 0) {
    const len = (head[scaleAt + 3] ?? 0) & 0x0f;
    if (len >= 1 && len <= 6 && head.length >= scaleAt + 4 + len) scale = head.readUIntBE(scaleAt + 4, len);
  }
  const seconds = (value * scale) / 1e9;
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : null;
}

/** A stored video's length in seconds, read from the file where it says it; null when it does not. */
export async function videoSeconds(options: {
  storage: Storage;
  key: string;
  type: VideoType;
  size: number;
}): Promise<number | null> {
  const { storage, key, type, size } = options;
  try {
    if (type === 'video/mp4') return await mp4Duration(storage, key, size);
    return webmSeconds(await readRange(storage, key, 0, Math.min(size, 64 * 1024)));
  } catch {
    return null;
  }
}
