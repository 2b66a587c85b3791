import type { RankUpRequest } from '@mels/domain';
import type { RankUpRow } from './ranks.repository.ts';

const instant = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function presentRankUp(row: RankUpRow): RankUpRequest {
  return {
    id: row.id,
    status: row.status,
    from_rank:
      row.fromLevel === null || row.fromShortName === null || row.fromName === null
        ? null
        : { short_name: row.fromShortName, name: row.fromName, level: row.fromLevel },
    to_rank: { short_name: row.toShortName, name: row.toName, level: row.toLevel },
    training:
      row.trainingId === null
        ? null
        : {
            id: row.trainingId,
            name: row.trainingName ?? '',
            event_date: row.eventDate ?? '',
            venue_name: row.venueName ?? '',
            course_name: row.courseName ?? '',
          },
    reason: row.reason,
    created_at: instant(row.createdAt) ?? '',
    decided_at: instant(row.decidedAt),
  };
}
