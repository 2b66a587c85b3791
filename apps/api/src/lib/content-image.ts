import { CONTENT_IMAGE_FILE_PATTERN, CONTENT_IMAGE_MAX_MB, LIMITS } from '@mels/domain';
import sharp from 'sharp';
import { sniffImageType } from './avatar.ts';
import type { Storage } from './storage.ts';
import { generateToken } from './tokens.ts';

/**
 * Pictures the office puts in its pages (decision 039). As for avatars, the type is judged by the bytes
 * (magic number, then sharp's decoder must agree), never by the name or the Content-Type; the picture
 * is decoded and re-encoded (no EXIF, GPS or comment survives, nothing but pixels is served), turned
 * upright, and bounded: at most 5 MB in, at most 1600 px on its longer side out. A JPEG stays a JPEG;
 * PNG and GIF (its first frame) become PNG, so transparency stays.
 */
export const CONTENT_IMAGE_MAX_BYTES = CONTENT_IMAGE_MAX_MB * LIMITS.bytesPerMb;
const MAX_SIDE = 1600;
const MAX_INPUT_PIXELS = 40_000_000;
const FOLDER = 'content-images';

export class ContentImageError extends Error {
  readonly problem: 'type' | 'size';
  constructor(problem: 'type' | 'size') {
    super(problem === 'size' ? 'image too large' : 'not a JPEG, PNG or GIF image');
    this.problem = problem;
  }
}

export type NormalizedImage = { data: Buffer; ext: 'jpg' | 'png'; width: number; height: number };

export async function normalizeContentImage(input: Buffer): Promise<NormalizedImage> {
  if (input.length > CONTENT_IMAGE_MAX_BYTES) throw new ContentImageError('size');
  const sniffed = sniffImageType(input);
  if (!sniffed) throw new ContentImageError('type');
  try {
    const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const meta = await image.metadata();
    if (meta.format !== sniffed) throw new ContentImageError('type');
    const resized = image.rotate().resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true });
    const ext = sniffed === 'jpeg' ? 'jpg' : 'png';
    const { data, info } = await (
      ext === 'jpg' ? resized.jpeg({ quality: 82, mozjpeg: true }) : resized.png({ compressionLevel: 9 })
    ).toBuffer({ resolveWithObject: true });
    return { data, ext, width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof ContentImageError) throw error;
    throw new ContentImageError('type');
  }
}

/** Stores a normalised picture under a new, unguessable name; returns its storage key and public URL. */
export async function storeContentImage(storage: Storage, image: NormalizedImage) {
  const file = `${generateToken()}.${image.ext}`;
  const key = `${FOLDER}/${file}`;
  await storage.put(key, image.data);
  return { key, url: `/api/v1/content-images/${file}` };
}

/** The storage key and type of a served file name, or null when the name is not one the server makes. */
export function contentImageKeyOf(file: string): { key: string; type: string } | null {
  const match = CONTENT_IMAGE_FILE_PATTERN.exec(file);
  if (!match) return null;
  return { key: `${FOLDER}/${file}`, type: match[1] === 'png' ? 'image/png' : 'image/jpeg' };
}
