import { api } from '@mels/domain';
import { call } from '../../lib/api-client.ts';
import type { Kind } from './pages-i18n.ts';

/** Deletes an item of a kind (audited by the server). */
export function removeContent(kind: Kind, id: number) {
  const params = { id };
  if (kind === 'faqs') return call(api.officeFaqs.remove, { params });
  if (kind === 'abouts') return call(api.officeAbouts.remove, { params });
  if (kind === 'flows') return call(api.officeFlows.remove, { params });
  if (kind === 'news') return call(api.officeNews.remove, { params });
  return call(api.officeInstructorDocuments.remove, { params });
}
