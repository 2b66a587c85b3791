import type { CourseDetail, CourseSummary, DocumentRef, VideoPreview } from '@mels/domain';
import type { courses, videoPreviews } from '../../db/schema.ts';

type CourseRow = typeof courses.$inferSelect;

export function presentCourseSummary(c: CourseRow): CourseSummary {
  return {
    id: c.id,
    name: c.name,
    description: c.description,
    price: c.price,
    order: c.sortOrder,
    certificate_prefix: c.certificatePrefix,
    is_renewal: c.isRenewal,
    thumbnail: c.thumbnail,
  };
}

/** The host of a video link decides the player: self-hosted files play in <video>, hosts embed. */
export function videoHostname(link: string): string {
  if (link.startsWith('/')) return 'self';
  try {
    return new URL(link).hostname;
  } catch {
    return 'self';
  }
}

export function presentVideoPreview(v: typeof videoPreviews.$inferSelect): VideoPreview {
  return { id: v.id, name: v.name, thumbnail: v.thumbnail, link: v.link, hostname: videoHostname(v.link) };
}

export function presentDocumentRef(d: { id: number; name: string }): DocumentRef {
  return { id: d.id, name: d.name, link: `/api/v1/documents/${d.id}/download` };
}

export function presentCourseDetail(
  c: CourseRow,
  previews: (typeof videoPreviews.$inferSelect)[],
  docs: { id: number; name: string }[],
): CourseDetail {
  return {
    ...presentCourseSummary(c),
    duration: c.duration,
    participant: c.participant,
    resource: c.resource,
    certification_standard: c.certificationStandard,
    certification_period: c.certificationPeriod,
    certification_renew: c.certificationRenew,
    memo: c.memo,
    intro_video: c.introVideo,
    video_previews: previews.map(presentVideoPreview),
    documents: docs.map(presentDocumentRef),
  };
}
