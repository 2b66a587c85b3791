import { queryOptions } from '@tanstack/react-query';
import { apiBlob, apiData } from '../../../lib/api-client.ts';

/** A course whose certificates of the older system can be claimed (prefix B or BI, no renewal). */
export type ClaimCourse = { id: number; name: string; certificate_prefix: string | null };

/** What the claim is made with: the course and one of the two codes (plus the email, when asked). */
export type ClaimBody = {
  course_id: number;
  attendance_code?: string;
  certificate_code?: string;
  email?: string;
};

/** The check's answer: whose certificate it is and what is left to do. */
export type ClaimCheck = {
  course: ClaimCourse;
  holder_name: string;
  participated_date: string;
  amount: number;
  free: boolean;
  paid: boolean;
  claimed: boolean;
  certificate_id: number | null;
};

/** The claimed certificate: its number, the PDF's file name and a signed link to the PDF. */
export type ClaimedCertificate = {
  certificate_id: number;
  certificate_number: string;
  name: string;
  link: string;
};

export const claimKeys = {
  courses: ['certificates', 'claim-courses'] as const,
};

/** GET /certificates/claim-courses */
export const claimCoursesQuery = queryOptions({
  queryKey: claimKeys.courses,
  queryFn: () => apiData<ClaimCourse[]>('/certificates/claim-courses'),
  staleTime: 5 * 60_000,
});

/** POST /certificates/claims/check: 404 NG_CERTIFICATE_CODE, 409 EMAIL_MISMATCH, 429 too many tries. */
export const checkClaim = (body: ClaimBody) =>
  apiData<ClaimCheck>('/certificates/claims/check', { method: 'POST', body });

/** POST /certificates/claims: 402 NG_NOT_PAYMENT, 409 NG_PENDING_PAYMENT; a free claim records its order. */
export const createClaim = (body: ClaimBody) =>
  apiData<ClaimedCertificate>('/certificates/claims', { method: 'POST', body });

/** POST /certificates/download: the certificate's PDF. */
export const downloadClaimedCertificate = (id: number) =>
  apiBlob('/certificates/download', { method: 'POST', body: { id } });
