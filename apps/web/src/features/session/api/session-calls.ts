import type { SessionDetail } from '@mels/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';

export type SessionKey = { id: number; typeId: number };

const base = (id: number) => `/trainings/${id}/enrollments`;

export type ApplicationData = {
  training: { id: number; name: string; event_date: string; course_name: string };
  user_type: { id: number; type: string };
  selection: string;
  applicant: {
    fullname: string;
    fullname_kana: string;
    email: string;
    occupation: number;
    occupation_name: string;
    location_work: string;
  };
  can_apply: boolean;
  refusal: string | null;
  step_status: number | null;
};

export type BankAccount = { bank: string; branch: string; type: string; number: string; holder: string };

export type AgreementData = {
  training: { id: number; name: string; event_date: string; note: string | null };
  price: number;
  payments_methods: Array<{ payment_method_id: number }>;
  /** The method the place is paid by (chosen, or the session's only one); null while to be chosen. */
  payment_method_id: number | null;
  can_choose_payment_method: boolean;
  route: 'payment' | 'waiting' | 'agreement' | 'choose';
  transfer: {
    account: BankAccount;
    amount: number;
    order_id: number | null;
    due_at: string | null;
    days: number;
  } | null;
  step_status: number;
  can_agree: boolean;
};

export type TicketData = {
  enrollment_id: number;
  fullname: string;
  fullname_kana: string;
  training: {
    id: number;
    name: string;
    course_name: string;
    area: string;
    event_date: string;
    event_start_time: string;
    event_end_time: string;
    venue: string;
    venue_name: string;
  };
  user_type: { id: number; type: string };
  step_status: number;
  attendance_code: string;
  /** 受付コード: the short form reception can type (at most 12 characters). */
  reception_code: string;
  qr_svg: string;
  checked_in_at: string | null;
};

export type ApplyResult = { enrollment_id: number; status: number; step: number };

export const sessionKeys = {
  all: (k: SessionKey) => ['session', k.id, k.typeId] as const,
};

export const sessionDetailQuery = (k: SessionKey) =>
  queryOptions({
    queryKey: [...sessionKeys.all(k), 'detail'],
    queryFn: ({ signal }) =>
      apiData<SessionDetail>(`${base(k.id)}/detail`, { query: { user_type: k.typeId }, signal }),
  });

export const applicationQuery = (k: SessionKey) =>
  queryOptions({
    queryKey: [...sessionKeys.all(k), 'application'],
    queryFn: ({ signal }) =>
      apiData<ApplicationData>(`${base(k.id)}/application`, { query: { user_type: k.typeId }, signal }),
  });

export const agreementQuery = (k: SessionKey) =>
  queryOptions({
    queryKey: [...sessionKeys.all(k), 'agreement'],
    queryFn: ({ signal }) =>
      apiData<AgreementData>(`${base(k.id)}/agreement`, { query: { user_type: k.typeId }, signal }),
  });

export const ticketQuery = (k: SessionKey) =>
  queryOptions({
    queryKey: [...sessionKeys.all(k), 'ticket'],
    queryFn: ({ signal }) =>
      apiData<TicketData>(`${base(k.id)}/ticket`, { query: { user_type: k.typeId }, signal }),
  });

export function applyForSession(k: SessionKey) {
  return apiData<ApplyResult>(`${base(k.id)}/user`, {
    method: 'POST',
    body: { user_type: k.typeId, privacy: true },
  });
}

export function acceptAgreement(k: SessionKey) {
  return apiData<{ status: number }>(`${base(k.id)}/agreement`, {
    method: 'POST',
    body: { user_type: k.typeId, agree: true },
  });
}

/** Choose or change the session fee's payment method (answers the agreement page's data). */
export function choosePaymentMethod(k: SessionKey, paymentMethodId: number) {
  return apiData<AgreementData>(`${base(k.id)}/payment-method`, {
    method: 'POST',
    body: { user_type: k.typeId, payment_method_id: paymentMethodId },
  });
}

export function requestCancel(k: SessionKey) {
  return apiData<{ id: number; status: number }>(`${base(k.id)}/user/request-cancel`, {
    method: 'POST',
    body: { user_type: k.typeId },
  });
}
