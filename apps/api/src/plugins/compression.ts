import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses what the server writes itself (JSON, CSV, iCalendar) when the client asks for br or gzip and the
 * body is over 1 KB (issue 20). Static files are compressed once at build time and served as they are
 * (plugins/web.ts); videos, PDFs, images and zips are left alone: they are compressed already.
 * Brotli at quality 4: a search answer (23 KB) shrinks almost as much as at 11, at a fraction of the CPU.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    customTypes: /^(application\/(json|problem\+json)|text\/(csv|calendar|plain))(;|$)/,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
