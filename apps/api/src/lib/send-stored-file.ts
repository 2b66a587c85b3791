import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseRange, type Storage } from './storage.ts';

/**
 * Sends a stored file as it is read, never whole into memory, answering a Range request (videos,
 * large PDFs) with 206 and just those bytes, or 416 when the range lies past the end. Resolves to
 * false, having sent nothing, when the file is not in storage (the caller answers 404).
 */
export async function sendStoredFile(options: {
  request: FastifyRequest;
  reply: FastifyReply;
  storage: Storage;
  key: string;
  /** Headers of the file (type, disposition, caching), set only when it is there. */
  headers: Record<string, string>;
}): Promise<boolean> {
  const { request, reply, storage, key } = options;
  const info = await storage.stat(key);
  if (!info) return false;
  reply.headers(options.headers).header('Accept-Ranges', 'bytes');
  const range = parseRange(request.headers.range, info.size);
  if (range === 'unsatisfiable') {
    await reply.code(416).header('Content-Range', `bytes */${info.size}`).send();
    return true;
  }
  if (range === 'all') {
    await reply.header('Content-Length', info.size).send(storage.stream(key));
    return true;
  }
  await reply
    .code(206)
    .header('Content-Range', `bytes ${range.start}-${range.end}/${info.size}`)
    .header('Content-Length', range.end - range.start + 1)
    .send(storage.stream(key, range));
  return true;
}
