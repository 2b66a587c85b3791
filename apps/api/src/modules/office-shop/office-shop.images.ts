/**
 * Product images uploaded by the office (decision 040). The type is judged by the bytes (magic number and
 * sharp's decoder, never the name or the Content-Type); the picture is decoded and re-encoded (no EXIF,
 * GPS or comment survives), turned upright, bounded to 1600 px, and stored through the storage layer under
 * a random name that never changes (cacheable for a year).
 */
import { OFFICE_SHOP_LIMITS, LIMITS } from '@mels/domain';
import sharp from 'sharp';
import { sniffImageType, type ImageType } from '../../lib/avatar.ts';
import type { Storage } from '../../lib/storage.ts';
import { generateToken } from '../../lib/tokens.ts';

export const IMAGE_MAX_BYTES = OFFICE_SHOP_LIMITS.imageMaxMb * LIMITS.bytesPerMb;
const MAX_SIDE = 1600;
const MAX_INPUT_PIXELS = 40_000_000;
const FOLDER = 'product-images';
/** The public link of a stored image: GET /api/v1/product-images/{file}. */
export const IMAGE_PATH = '/api/v1/product-images/';
const FILE_PATTERN = /^[A-Za-z0-9_-]{20,100}\.(jpg|png)$/;

export class ImageError extends Error {
  readonly problem: 'type' | 'size';
  constructor(problem: 'type' | 'size') {
    super(`product image refused: ${problem}`);
    this.problem = problem;
  }
}

/** Checks, re-encodes and stores an image; answers its public link. */
export async function storeProductImage(storage: Storage, data: Buffer): Promise<string> {
  if (data.length > IMAGE_MAX_BYTES) throw new ImageError('size');
  const sniffed: ImageType | null = sniffImageType(data);
  if (!sniffed) throw new ImageError('type');
  let output: Buffer;
  let extension: 'jpg' | 'png';
  try {
    const image = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const meta = await image.metadata();
    if (meta.format !== sniffed) throw new ImageError('type');
    const resized = image.rotate().resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true });
    if (sniffed === 'jpeg') {
      output = await resized.jpeg({ quality: 85 }).toBuffer();
      extension = 'jpg';
    } else {
      output = await resized.png().toBuffer();
      extension = 'png';
    }
  } catch (error) {
    if (error instanceof ImageError) throw error;
    throw new ImageError('type');
  }
  const file = `${generateToken()}.${extension}`;
  await storage.put(`${FOLDER}/${file}`, output);
  return `${IMAGE_PATH}${file}`;
}

/** The storage key of a public file name, or null when the name is not one the server makes. */
export function imageKeyOf(file: string): { key: string; type: string } | null {
  const match = FILE_PATTERN.exec(file);
  if (!match) return null;
  return { key: `${FOLDER}/${file}`, type: match[1] === 'png' ? 'image/png' : 'image/jpeg' };
}

/** The storage key of a link this module made (a seeded /media link is not in storage). */
export function storedKeyOfLink(link: string): string | null {
  if (!link.startsWith(IMAGE_PATH)) return null;
  return imageKeyOf(link.slice(IMAGE_PATH.length))?.key ?? null;
}
