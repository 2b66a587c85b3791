import { api, type Output } from '@mels/domain';
import { queryOptions } from '@tanstack/react-query';
import { call, download } from '../../../lib/api-client.ts';

/** A course whose certificates of the older system can be claimed (prefix B or BI, no renewal). */
export type ClaimCourse = Output<typeof api.certificates.claimCourses>[number];

/** What the claim is made with: the course and one of the two codes (plus the email, when asked). */
export type ClaimBody = {
  course_id: number;
  attendance_code?: string;
  certificate_code?: string;
  email?: string;
};

/** The check's answer: whose certificate it is and what is left to do. */
export type ClaimCheck = Output<typeof api.certificates.claimCheck>;

/** The claimed certificate: its number, the PDF's file name and a signed link to the PDF. */
export type ClaimedCertificate = Output<typeof api.certificates.claim>;

export const claimKeys = {
  courses: ['certificates', 'claim-courses'] as const,
};

/** GET /certificates/claim-courses */
export const claimCoursesQuery = queryOptions({
  queryKey: claimKeys.courses,
  queryFn: () => call(api.certificates.claimCourses),
  staleTime: 5 * 60_000,
});

/** POST /certificates/claims/check: 404 NG_CERTIFICATE_CODE, 429 too many tries. */
export const checkClaim = (body: ClaimBody) => call(api.certificates.claimCheck, { body });

/** POST /certificates/claims: 402 NG_NOT_PAYMENT, 409 NG_PENDING_PAYMENT; a free claim records its order. */
export const createClaim = (body: ClaimBody) => call(api.certificates.claim, { body });

/** POST /certificates/download: the certificate's PDF. */
export const downloadClaimedCertificate = (id: number) =>
  download(api.certificates.downloadOwn, { body: { id } });
