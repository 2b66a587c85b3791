import type { InstructorDocsMessages } from './instructor-docs-ja.ts';

/** Instructor documents. */
export const instructorDocsEn: InstructorDocsMessages = {
  title: 'Instructor documents',
  lead: 'Documents for instructors. You can read those open to your certification level.',
  noRank: 'Instructor documents are available only to certified instructors.',
  uncategorized: 'Other',
  empty: 'No data to show',
  backToList: 'Back to instructor documents',
} as const;
