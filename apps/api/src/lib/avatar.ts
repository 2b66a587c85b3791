import path from 'node:path';
import { AVATAR_FILE_PATTERN, LIMITS } from '@mels/domain';
import sharp from 'sharp';
import type { Storage } from './storage.ts';
import { generateToken } from './tokens.ts';

/**
 * Profile pictures. The browser crops to 3:4 and sends a JPEG, but the server trusts nothing: the
 * type is judged by the bytes (magic number and sharp's decoder, never the file name or the
 * Content-Type), the image is decoded and re-encoded to a fresh JPEG (so no EXIF, GPS, ICC or
 * comment survives, and nothing but pixels is ever served back), turned upright by its EXIF
 * orientation first, and bounded in size.
 */

export const AVATAR_MAX_BYTES = LIMITS.avatarMaxMb * LIMITS.bytesPerMb;
export const AVATAR_MAX_WIDTH = 600;
export const AVATAR_MAX_HEIGHT = 800;
const AVATAR_QUALITY = 80;
/** Decompression-bomb guard: 40 megapixels is far above any phone camera's picture. */
const MAX_INPUT_PIXELS = 40_000_000;
const FOLDER = 'avatars';

export type AvatarProblem = 'type' | 'size';

export class AvatarError extends Error {
  readonly problem: AvatarProblem;
  constructor(problem: AvatarProblem) {
    super(problem === 'size' ? 'avatar too large' : 'avatar is not a JPEG, PNG or GIF image');
    this.problem = problem;
  }
}

export type ImageType = 'jpeg' | 'png' | 'gif';

/** The image type by its first bytes, or null. */
export function sniffImageType(data: Buffer): ImageType | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (
    data.length >= 8 &&
    data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'png';
  }
  const head = data.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
  return null;
}

/** Checks and re-encodes an uploaded picture; throws AvatarError('type' | 'size'). */
export async function normalizeAvatar(data: Buffer): Promise<Buffer> {
  if (data.length > AVATAR_MAX_BYTES) throw new AvatarError('size');
  const sniffed = sniffImageType(data);
  if (!sniffed) throw new AvatarError('type');
  try {
    const image = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const meta = await image.metadata();
    if (meta.format !== sniffed) throw new AvatarError('type');
    return await image
      .rotate()
      .resize(AVATAR_MAX_WIDTH, AVATAR_MAX_HEIGHT, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: AVATAR_QUALITY, mozjpeg: true })
      .toBuffer();
  } catch (error) {
    if (error instanceof AvatarError) throw error;
    throw new AvatarError('type');
  }
}

/** A new, unguessable storage key: avatars/<256 random bits>.jpg */
export function newAvatarKey(): string {
  return `${FOLDER}/${generateToken()}.jpg`;
}

/** The storage key of a served file name, or null when the name is not one the server makes. */
export function avatarKeyOf(file: string): string | null {
  return AVATAR_FILE_PATTERN.test(file) ? `${FOLDER}/${file}` : null;
}

/** The public URL of a stored avatar. */
export function avatarUrl(key: string | null): string | null {
  return key ? `/api/v1/avatars/${path.posix.basename(key)}` : null;
}

/** Stores a normalised avatar under a new key and returns the key. */
export async function storeAvatar(storage: Storage, jpeg: Buffer): Promise<string> {
  const key = newAvatarKey();
  await storage.put(key, jpeg);
  return key;
}
