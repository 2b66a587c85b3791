import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { errorText, Fact, FlowError, FlowFrame, FlowPanel } from '../../components/flow-page.tsx';
import { useBiI18n } from './bi-messages.ts';

/** The course kinds of /certificate/{courseId}/{type}/basic-instructor/… (spec 001 §2, §9). */
export const BI_KINDS = [
  'enrolled',
  'attendance-code',
  'certificate-no',
  'input-code',
  'extend-certificate',
  'basic-course',
] as const;
export type BiKind = (typeof BI_KINDS)[number];
export const isBiKind = (value: string | undefined): value is BiKind =>
  (BI_KINDS as readonly string[]).includes(value ?? '');

export const biStartPath = (courseId: number | string, kind: string = 'enrolled') =>
  `/certificate/${courseId}/${kind}/basic-instructor/request-certificate`;
export const biRequestPath = (courseId: number | string, requestId: number, kind: string = 'enrolled') =>
  `${biStartPath(courseId, kind)}/${requestId}`;

/** The page frame of every step: the h1 (the request's title) and the step below it. */
export function BiFrame({ children, lead }: { children: ReactNode; lead?: ReactNode }) {
  const { b } = useBiI18n();
  return (
    <FlowFrame title={b.title} lead={lead}>
      {children}
    </FlowFrame>
  );
}

/** A step's panel with its h2. */
export const StepPanel = FlowPanel;

export { errorText, Fact };

/** Other errors: the message(s) and a way back (spec 001 §8). */
export function BiErrorPanel({
  message,
  backTo = '/my-page/completed',
}: {
  message: string;
  backTo?: string;
}) {
  const { b } = useBiI18n();
  return (
    <FlowError title={b.error.title} message={message} backTo={backTo} backLabel={b.back} testId="bi-error" />
  );
}

export function BackToMyPage() {
  const { b } = useBiI18n();
  return (
    <Button component={Link} to="/my-page/completed" variant="default" style={{ alignSelf: 'flex-start' }}>
      {b.backToMyPage}
    </Button>
  );
}
