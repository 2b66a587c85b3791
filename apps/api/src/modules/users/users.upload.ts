import { userMessages, K } from '@mels/domain';
import type { FastifyRequest } from 'fastify';
import { AVATAR_MAX_BYTES } from '../../lib/avatar.ts';
import { ApiError } from '../../lib/errors.ts';

export type ProfileUpload = {
  /** Text fields as sent; a repeated name (or name[]) becomes a list. */
  fields: Record<string, string | string[]>;
  /** The bytes of the `avatar` file part, if one with content came. */
  avatar: Buffer | undefined;
};

const tooLarge = () =>
  new ApiError(413, 'PAYLOAD_TOO_LARGE', userMessages.avatarTooLarge, {
    avatar: [userMessages.avatarTooLarge],
  });

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error
    ? String((error as { code: unknown }).code)
    : undefined;
}

/**
 * Reads POST /users/update as multipart/form-data: the profile fields and at most one picture in
 * `avatar`, of at most 5 MB (1,048,576 bytes per MB). A browser's empty file input (no bytes) is no picture.
 */
export async function readProfileUpload(request: FastifyRequest): Promise<ProfileUpload> {
  const fields: Record<string, string | string[]> = {};
  let avatar: Buffer | undefined;
  try {
    const parts = request.parts({
      limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 60, fieldSize: 10_000, parts: 70 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname === 'avatar' && data.length > 0) avatar = data;
        continue;
      }
      const name = part.fieldname.replace(/\[\]$/, '');
      if (part.valueTruncated) {
        throw new ApiError(400, 'VALIDATION_ERROR', K.errors.validation, {
          [name]: [K.errors.payloadTooLarge],
        });
      }
      const value = typeof part.value === 'string' ? part.value : String(part.value);
      const existing = fields[name];
      fields[name] =
        existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const code = errorCode(error);
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT') {
      throw new ApiError(400, 'VALIDATION_ERROR', K.errors.validation, {
        avatar: [userMessages.avatarSingle],
      });
    }
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new ApiError(413, 'PAYLOAD_TOO_LARGE', K.errors.payloadTooLarge);
    }
    throw error;
  }
  return { fields, avatar };
}
