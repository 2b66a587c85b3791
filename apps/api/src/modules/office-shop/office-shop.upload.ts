import { K } from '@mels/domain';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../lib/errors.ts';

const codeOf = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error
    ? String((error as { code: unknown }).code)
    : '';

/**
 * Reads one file part named `field` from a multipart body, at most `maxBytes` (a larger one is a 413
 * with the field's message). Answers null when no file with bytes came.
 */
export async function readOneFile(
  request: FastifyRequest,
  options: { field: string; maxBytes: number; tooLarge: string },
): Promise<Buffer | null> {
  let file: Buffer | null = null;
  try {
    const parts = request.parts({
      limits: { fileSize: options.maxBytes, files: 1, fields: 5, fieldSize: 1000, parts: 6 },
    });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      const data = await part.toBuffer();
      if (part.fieldname === options.field && data.length > 0) file = data;
    }
  } catch (error) {
    const code = codeOf(error);
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new ApiError(413, 'PAYLOAD_TOO_LARGE', options.tooLarge, { [options.field]: [options.tooLarge] });
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new ApiError(413, 'PAYLOAD_TOO_LARGE', K.errors.payloadTooLarge);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
      throw new ApiError(400, 'VALIDATION_ERROR', K.errors.validation, {
        [options.field]: [K.errors.validation],
      });
    throw error;
  }
  return file;
}
