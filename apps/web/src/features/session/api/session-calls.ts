import { api, type Output } from '@mels/domain';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

export type SessionKey = { id: number; typeId: number };

export type ApplicationData = Output<typeof api.enrollments.application>;
export type AgreementData = Output<typeof api.enrollments.agreement>;
export type TicketData = Output<typeof api.enrollments.ticket>;
export type ApplyResult = Output<typeof api.enrollments.apply>;

export const sessionKeys = {
  all: (k: SessionKey) => ['session', k.id, k.typeId] as const,
};

const ask = (k: SessionKey) => ({ params: { id: k.id }, query: { user_type: k.typeId } });

export const sessionDetailQuery = (k: SessionKey) =>
  queryOptions({
    queryKey: [...sessionKeys.all(k), 'detail'],
    queryFn: ({ signal }) => call(api.enrollments.detail, ask(k), { signal }),
  });

export const applicationQuery = (k: SessionKey) =>
  queryOptions({
    queryKey: [...sessionKeys.all(k), 'application'],
    queryFn: ({ signal }) => call(api.enrollments.application, ask(k), { signal }),
  });

export const agreementQuery = (k: SessionKey) =>
  queryOptions({
    queryKey: [...sessionKeys.all(k), 'agreement'],
    queryFn: ({ signal }) => call(api.enrollments.agreement, ask(k), { signal }),
  });

export const ticketQuery = (k: SessionKey) =>
  queryOptions({
    queryKey: [...sessionKeys.all(k), 'ticket'],
    queryFn: ({ signal }) => call(api.enrollments.ticket, ask(k), { signal }),
  });

export function applyForSession(k: SessionKey) {
  return call(api.enrollments.apply, { params: { id: k.id }, body: { user_type: k.typeId, privacy: true } });
}

export function acceptAgreement(k: SessionKey) {
  return call(api.enrollments.agree, { params: { id: k.id }, body: { user_type: k.typeId, agree: true } });
}

/** Choose or change the session fee's payment method (answers the agreement page's data). */
export function choosePaymentMethod(k: SessionKey, paymentMethodId: number) {
  return call(api.enrollments.paymentMethod, {
    params: { id: k.id },
    body: { user_type: k.typeId, payment_method_id: paymentMethodId },
  });
}

export function requestCancel(k: SessionKey) {
  return call(api.enrollments.requestCancel, { params: { id: k.id }, body: { user_type: k.typeId } });
}
