import { api, type InstructorRequestBody } from '@mels/domain';
import { queryOptions } from '@tanstack/react-query';
import { call, download } from '../../../lib/api-client.ts';

export const biKeys = {
  eligibility: (courseId: number) => ['instructor-requests', 'eligibility', courseId] as const,
  request: (id: number) => ['instructor-requests', 'request', id] as const,
  office: ['office', 'instructor-requests'] as const,
};

/** GET …/eligibility: what the member's records allow today. */
export const eligibilityQuery = (courseId: number) =>
  queryOptions({
    queryKey: biKeys.eligibility(courseId),
    queryFn: () => call(api.instructorRequests.eligibility, { query: { course_id: courseId } }),
    retry: false,
  });

/** GET …/request/{id}?certificate_type=2&confirm_certificate=1 */
export const readRequest = (id: number) =>
  call(api.instructorRequests.detail, {
    params: { id },
    query: { certificate_type: 2, confirm_certificate: 1 },
  });

/** POST …/request: creates or continues the request (answers the result code). */
export const sendRequest = (body: InstructorRequestBody) => call(api.instructorRequests.request, { body });

export const signPledge = (id: number, variant: string) =>
  call(api.instructorRequests.pledge, {
    params: { id },
    body: { variant: variant as never, agreed: true },
  });

export const sendRecommendation = (id: number) =>
  call(api.instructorRequests.recommendation, { params: { id }, body: { method: 'mail' } });

export const downloadTemplate = () => download(api.instructorRequests.template, {});

export const downloadCertificate = (id: number) =>
  download(api.instructorRequests.certificateDownload, { params: { id } });

export const officeRequestsQuery = (status: number | undefined, page: number) =>
  queryOptions({
    queryKey: [...biKeys.office, status ?? 'all', page],
    queryFn: () => call(api.instructorRequests.officeList, { query: { status, page } }),
  });

export const officeRequestQuery = (id: number) =>
  queryOptions({
    queryKey: [...biKeys.office, 'detail', id],
    queryFn: () => call(api.instructorRequests.officeDetail, { params: { id } }),
  });

export const approveRequest = (id: number) => call(api.instructorRequests.officeApprove, { params: { id } });

export const rejectRequest = (id: number, reason: string) =>
  call(api.instructorRequests.officeReject, { params: { id }, body: { reason } });
