import { api, type RenewalProgressBody } from '@mels/domain';
import { queryOptions } from '@tanstack/react-query';
import { call, download, fillPath } from '../../../lib/api-client.ts';
import { tokenStore } from '../../../lib/auth/token-store.ts';

/** The certificate renewal's calls (spec 001 §7, decision 034). */
export const renewalKeys = {
  all: (id: number) => ['renewals', id] as const,
  detail: (id: number) => ['renewals', id, 'detail'] as const,
  videos: (id: number) => ['renewals', id, 'videos'] as const,
  test: (id: number) => ['renewals', id, 'test'] as const,
};

/** POST …/renewal {certificate_type 3, certificate_id}: starts (or continues) the certificate's renewal. */
export const startRenewal = (certificateId: number) =>
  call(api.renewals.start, { body: { certificate_type: 3, certificate_id: certificateId } });

export const renewalQuery = (id: number) =>
  queryOptions({
    queryKey: renewalKeys.detail(id),
    queryFn: ({ signal }) => call(api.renewals.detail, { params: { id } }, { signal }),
    retry: false,
  });

export const renewalVideosQuery = (id: number) =>
  queryOptions({
    queryKey: renewalKeys.videos(id),
    queryFn: ({ signal }) => call(api.renewals.preVideos, { params: { id } }, { signal }),
  });

export type RenewalReport = Omit<RenewalProgressBody, 'request_id'>;

export const reportRenewalProgress = (requestId: number, body: RenewalReport) =>
  call(api.renewals.progress, { body: { ...body, request_id: requestId } });

/** The same report while the page goes away: a keepalive request; the answer is not read. */
export function reportRenewalProgressOnExit(requestId: number, body: RenewalReport) {
  const token = tokenStore.get();
  void fetch(`/api/v1${fillPath(api.renewals.progress.path, {})}`, {
    method: 'POST',
    keepalive: true,
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      ...(token ? { Authorization: `Token ${token}` } : {}),
    },
    body: JSON.stringify({ ...body, request_id: requestId }),
  }).catch(() => undefined);
}

export const markRenewalVideoSeen = (requestId: number, lessonId: number) =>
  call(api.renewals.view, { body: { request_id: requestId, lesson_id: lessonId } });

export const renewalTestQuery = (id: number) =>
  queryOptions({
    queryKey: renewalKeys.test(id),
    queryFn: ({ signal }) => call(api.renewals.postTests, { params: { id } }, { signal }),
  });

/** POST …/post-tests/answer {lesson_id (the question), answer, request_id}. */
export const answerRenewalQuestion = (requestId: number, questionId: number, answer: string[]) =>
  call(api.renewals.answer, { body: { request_id: requestId, lesson_id: questionId, answer } });

/** GET …/request/{id}/certificate/download: the renewed certificate's PDF. */
export const downloadRenewedCertificate = (requestId: number) =>
  download(api.instructorRequests.certificateDownload, { params: { id: requestId } });
