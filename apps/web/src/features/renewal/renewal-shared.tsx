import { RENEWAL_STATUS, type RenewalView } from '@mels/domain';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { errorText, Fact, FlowError, FlowFrame, FlowPanel } from '../../components/flow-page.tsx';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { renewalQuery } from './api/renewal-calls.ts';
import { useRenewalI18n } from './renewal-messages.ts';

/** The renewal's routes under /certificate/{courseId}/extend-certificate/basic-instructor/extend/… (spec 001 §2). */
export const renewalPaths = {
  intro: (courseId: number | string, certificateId: number | string) =>
    `/certificate/${courseId}/extend-certificate/basic-instructor/extend/${certificateId}`,
  request: (k: RenewalKey) => `${renewalPaths.intro(k.courseId, k.certificateId)}/${k.requestId}`,
  payment: (k: RenewalKey) => `${renewalPaths.request(k)}/payment`,
  session: (k: RenewalKey) => `${renewalPaths.request(k)}/session`,
  videos: (k: RenewalKey) => `${renewalPaths.request(k)}/session/prevideo`,
  test: (k: RenewalKey) => `${renewalPaths.request(k)}/session/posttest`,
  certificate: (k: RenewalKey) => `${renewalPaths.request(k)}/certificate`,
};

export type RenewalKey = { courseId: number; certificateId: number; requestId: number };

const positive = (value: string | undefined) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** The route's ids (course, certificate, request), or null when one is not a positive number. */
export function useRenewalKey(): RenewalKey | null {
  const params = useParams();
  const courseId = positive(params.courseId);
  const certificateId = positive(params.certificateId);
  const requestId = positive(params.requestId);
  if (!courseId || !certificateId || !requestId) return null;
  return { courseId, certificateId, requestId };
}

/** The page frame: the h1 (the renewal's title) and the page below it. */
export function RenewalFrame({ children, lead }: { children: ReactNode; lead?: ReactNode }) {
  const { r } = useRenewalI18n();
  return (
    <FlowFrame title={r.title} lead={lead}>
      {children}
    </FlowFrame>
  );
}

/** A panel with its h2. */
export const Panel = FlowPanel;

export { errorText, Fact };

/** A refusal: the server's message and the way back (spec 001 §8). */
export function RenewalError({
  message,
  backTo = '/my-page/activities',
}: {
  message: string;
  backTo?: string;
}) {
  const { r } = useRenewalI18n();
  return (
    <FlowError
      title={r.error.title}
      message={message}
      backTo={backTo}
      backLabel={r.back}
      testId="renewal-error"
    />
  );
}

/** Which pages a status may show: before payment only the payment; the test from 8; the certificate at 4. */
export type RenewalPage = 'payment' | 'session' | 'videos' | 'test' | 'certificate';

function redirectFor(page: RenewalPage, status: number, k: RenewalKey): string | null {
  const paid =
    status === RENEWAL_STATUS.inProgress ||
    status === RENEWAL_STATUS.postTest ||
    status === RENEWAL_STATUS.complete;
  if (page === 'payment') return paid ? renewalPaths.session(k) : null;
  if (!paid) return renewalPaths.payment(k);
  if (page === 'test' && status === RENEWAL_STATUS.inProgress) return renewalPaths.session(k);
  if (page === 'certificate' && status !== RENEWAL_STATUS.complete) return renewalPaths.session(k);
  return null;
}

/**
 * Loads the member's renewal of the route and sends a page the status does not allow to the one it does
 * (spec 001 §4: the session at 3 and 8, the certificate at 4); another member's renewal reads as missing.
 */
export function RenewalGuard({
  page,
  lead,
  children,
}: {
  page: RenewalPage;
  /** The page's lead under the h1 (default: the session's); null for none. */
  lead?: ReactNode | null;
  children: (renewal: RenewalView, key: RenewalKey) => ReactNode;
}) {
  const { r, t } = useRenewalI18n();
  const key = useRenewalKey();
  const query = useQuery({ ...renewalQuery(key?.requestId ?? 0), enabled: key !== null });
  let body: ReactNode;
  if (!key) body = <RenewalError message={t.errors.notFound} />;
  else if (query.isPending) body = <ListSkeleton count={3} height={80} />;
  else if (query.isError)
    body = (
      <RenewalError
        message={
          query.error instanceof ApiRequestError && query.error.status === 404
            ? t.errors.notFound
            : errorText(query.error, t.errors.generic)
        }
      />
    );
  else if (query.data.source_certificate.id !== key.certificateId)
    body = <RenewalError message={t.errors.notFound} />;
  else {
    const to = redirectFor(page, query.data.status, key);
    if (to) return <Navigate to={to} replace />;
    body = children(query.data, key);
  }
  return (
    <RenewalFrame lead={lead === undefined ? r.session.lead : (lead ?? undefined)}>
      <div aria-live="polite" aria-busy={query.isPending}>
        {body}
      </div>
    </RenewalFrame>
  );
}
