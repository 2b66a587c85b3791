import { api, type LessonProgressBody, type Output, type SurveyAnswer } from '@mels/domain';
import { queryOptions } from '@tanstack/react-query';
import { call, download, fillPath } from '../../../lib/api-client.ts';
import { tokenStore } from '../../../lib/auth/token-store.ts';
import { sessionKeys, type SessionKey } from './session-calls.ts';

/** The learning steps of a session: /api/v1/trainings/{id}/enrollments/… (spec 000 §7). */
export type QuizKind = 'pre' | 'post';

export const learningKeys = {
  preVideos: (k: SessionKey) => [...sessionKeys.all(k), 'pre-videos'] as const,
  quiz: (k: SessionKey, kind: QuizKind) => [...sessionKeys.all(k), 'quiz', kind] as const,
  survey: (k: SessionKey) => [...sessionKeys.all(k), 'survey'] as const,
  certificate: (k: SessionKey) => [...sessionKeys.all(k), 'certificate'] as const,
};

export const preVideosQuery = (k: SessionKey) =>
  queryOptions({
    queryKey: learningKeys.preVideos(k),
    queryFn: ({ signal }) =>
      call(api.learning.preVideos, { params: { id: k.id }, query: { user_type: k.typeId } }, { signal }),
  });

export type LessonProgress = Output<typeof api.learning.progress>;

export function reportLessonProgress(k: SessionKey, body: Omit<LessonProgressBody, 'user_type'>) {
  return call(api.learning.progress, { params: { id: k.id }, body: { ...body, user_type: k.typeId } });
}

/**
 * The same report while the page is going away (tab closed, reload): a keepalive request the
 * browser finishes after the page is gone. Best effort; the answer is not read.
 */
export function reportLessonProgressOnExit(k: SessionKey, body: Omit<LessonProgressBody, 'user_type'>) {
  const token = tokenStore.get();
  void fetch(`/api/v1${fillPath(api.learning.progress.path, { id: k.id })}`, {
    method: 'POST',
    keepalive: true,
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      ...(token ? { Authorization: `Token ${token}` } : {}),
    },
    body: JSON.stringify({ ...body, user_type: k.typeId }),
  }).catch(() => undefined);
}

export function markLessonViewed(k: SessionKey, lessonId: number) {
  return call(api.learning.view, {
    params: { id: k.id },
    body: { user_type: k.typeId, lesson_id: lessonId },
  });
}

export const quizQuery = (k: SessionKey, kind: QuizKind) =>
  queryOptions({
    queryKey: learningKeys.quiz(k, kind),
    queryFn: ({ signal }) =>
      call(
        kind === 'pre' ? api.learning.preTest : api.learning.postTest,
        { params: { id: k.id }, query: { user_type: k.typeId } },
        { signal },
      ),
  });

export function answerQuestion(k: SessionKey, kind: QuizKind, questionId: number, answer: string[]) {
  return call(kind === 'pre' ? api.learning.preTestAnswer : api.learning.postTestAnswer, {
    params: { id: k.id },
    body: { user_type: k.typeId, question_id: questionId, answer },
  });
}

export const surveyQuery = (k: SessionKey) =>
  queryOptions({
    queryKey: learningKeys.survey(k),
    queryFn: ({ signal }) =>
      call(api.surveys.list, { params: { id: k.id }, query: { user_type: k.typeId } }, { signal }),
  });

export function submitSurvey(k: SessionKey, surveys: SurveyAnswer[]) {
  return call(api.surveys.submit, { params: { id: k.id }, body: { user_type: k.typeId, surveys } });
}

/** POST …/certificates/preview: issues the certificate on first use; the frame link is short-lived. */
export const certificatePreviewQuery = (k: SessionKey) =>
  queryOptions({
    queryKey: learningKeys.certificate(k),
    queryFn: ({ signal }) =>
      call(api.certificates.preview, { params: { id: k.id }, body: { user_type: k.typeId } }, { signal }),
    staleTime: 60_000,
    retry: false,
  });

export function downloadCertificate(k: SessionKey, id?: number) {
  return download(api.certificates.download, {
    params: { id: k.id },
    body: { user_type: k.typeId, ...(id ? { id } : {}) },
  });
}

/** GET /certificates/verify/{code}: public, no login. */
export const verifyQuery = (code: string) =>
  queryOptions({
    queryKey: ['certificates', 'verify', code],
    queryFn: ({ signal }) => call(api.certificates.verify, { params: { code } }, { signal }),
    retry: false,
  });
