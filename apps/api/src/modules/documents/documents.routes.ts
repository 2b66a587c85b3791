import { contracts } from '@mels/domain';
import type { FastifyInstance } from 'fastify';
import { notFound, unauthorized } from '../../lib/errors.ts';
import { sendStoredFile } from '../../lib/send-stored-file.ts';
import { contractRoute } from '../contract-route.ts';
import { documentAccess, mayDownload } from './documents.policy.ts';
import { findDocument, holdsPlace } from './documents.repository.ts';

/**
 * Content-Disposition with the file name in UTF-8 (RFC 6266 / RFC 5987 `filename*`) and an ASCII
 * fallback for old clients; quotes, backslashes and control characters never reach the header.
 */
export function contentDisposition(
  name: string,
  disposition: 'attachment' | 'inline' = 'attachment',
): string {
  const clean =
    [...name]
      .map((ch) => (ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f || '"\\/'.includes(ch) ? '_' : ch))
      .join('')
      .trim() || 'download';
  const ascii = clean.replace(/[^\x20-\x7e]/g, '_');
  const encoded = encodeURIComponent(clean).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export function registerDocuments(app: FastifyInstance) {
  contractRoute(app, contracts.documents.download, async (request, reply) => {
    const doc = await findDocument(app.deps.db, request.params.id);
    if (!doc) throw notFound();
    const access = documentAccess(doc);
    if (access === 'hidden') throw notFound();
    const user = request.user ?? null;
    if (access === 'session' && !user) throw unauthorized();
    const enrolled =
      access === 'session' && user !== null && doc.trainingId !== null && user.role !== 'office'
        ? await holdsPlace(app.deps.db, { trainingId: doc.trainingId, userId: user.id })
        : false;
    // Another member's session: not found, so that the document's existence is not confirmed.
    if (!mayDownload(access, user, enrolled)) throw notFound();
    // Streamed from storage, with Range requests for videos and large files (decision 026).
    const sent = await sendStoredFile({
      request,
      reply,
      storage: app.deps.storage,
      key: doc.storageKey,
      headers: {
        'Content-Type': doc.mimeType,
        'Content-Disposition': contentDisposition(doc.name),
        'Cache-Control': access === 'public' ? 'public, max-age=300' : 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
    if (!sent) {
      request.log.warn({ documentId: doc.id, key: doc.storageKey }, 'document file missing from storage');
      throw notFound();
    }
    return reply;
  });
}
