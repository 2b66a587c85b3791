import { api, type OfficeOrderKind, type OfficeWaiting, type Output } from '@mels/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call, download } from '../../../lib/api-client.ts';
import { saveBlob } from '../../../lib/download.ts';

export const OFFICE_PAGE_SIZE = 20;

/** Every office query key starts with 'office', so an action can refresh the whole console at once. */
export const OFFICE_KEY = ['office'] as const;

export const dashboardQuery = () =>
  queryOptions({
    queryKey: [...OFFICE_KEY, 'dashboard'],
    queryFn: ({ signal }) => call(api.office.dashboard, {}, { signal }),
  });

export type TrainingFilters = {
  from?: string;
  to?: string;
  course?: number;
  keyword?: string;
  waiting?: OfficeWaiting;
  page: number;
};

export const trainingsQuery = (filters: TrainingFilters) =>
  queryOptions({
    queryKey: [...OFFICE_KEY, 'trainings', filters],
    queryFn: ({ signal }) =>
      call(api.office.trainings, { query: { ...filters, limit: OFFICE_PAGE_SIZE } }, { signal }),
    placeholderData: keepPreviousData,
  });

export const trainingQuery = (id: number) =>
  queryOptions({
    queryKey: [...OFFICE_KEY, 'training', id],
    queryFn: ({ signal }) => call(api.office.training, { params: { id } }, { signal }),
  });

export const rosterQuery = (id: number) =>
  queryOptions({
    queryKey: [...OFFICE_KEY, 'roster', id],
    queryFn: ({ signal }) => call(api.office.roster, { params: { id } }, { signal }),
  });

/** One entry of an enrolment's audit trail. */
export type TrailStep = Output<typeof api.office.trail>['steps'][number];

export const trailQuery = (enrollmentId: number) =>
  queryOptions({
    queryKey: [...OFFICE_KEY, 'trail', enrollmentId],
    queryFn: ({ signal }) => call(api.office.trail, { params: { id: enrollmentId } }, { signal }),
  });

export const cancelRequestsQuery = (status: number, page: number) =>
  queryOptions({
    queryKey: [...OFFICE_KEY, 'cancel-requests', status, page],
    queryFn: ({ signal }) =>
      call(api.office.cancelRequests, { query: { status, page, limit: OFFICE_PAGE_SIZE } }, { signal }),
    placeholderData: keepPreviousData,
  });

export const ordersQuery = (kind: OfficeOrderKind, page: number) =>
  queryOptions({
    queryKey: [...OFFICE_KEY, 'orders', kind, page],
    queryFn: ({ signal }) =>
      call(api.office.orders, { query: { kind, page, limit: OFFICE_PAGE_SIZE } }, { signal }),
    placeholderData: keepPreviousData,
  });

export const runLottery = (trainingId: number, userType: number, seed?: string) =>
  call(api.office.lottery, {
    params: { id: trainingId },
    body: seed ? { user_type: userType, seed } : { user_type: userType },
  });

/** POST /office/trainings/{id}/close-applications: the application window ends now. */
export const closeApplications = (trainingId: number, userType: number) =>
  call(api.office.closeApplications, { params: { id: trainingId }, body: { user_type: userType } });

export const offerNext = (trainingId: number, userType: number) =>
  call(api.office.offerNext, { params: { id: trainingId }, body: { user_type: userType } });

/** Takes back a check-in made by mistake; the reason is kept in the audit trail. */
export const undoCheckIn = (enrollmentId: number, reason: string) =>
  call(api.office.undoCheckIn, { params: { id: enrollmentId }, body: { reason } });

/** Revokes a certificate (its verification then reads revoked); the reason is audited. */
export const revokeCertificate = (certificateId: number, reason: string) =>
  call(api.certificates.revoke, { params: { id: certificateId }, body: { reason } });

/** Declines an assistant's application awaiting approval; the reason is mailed to the applicant. */
export const rejectAssistant = (enrollmentId: number, reason: string) =>
  call(api.office.rejectAssistant, { params: { id: enrollmentId }, body: { reason } });

export const approveAssistant = (enrollmentId: number) =>
  call(api.office.approveAssistant, { params: { id: enrollmentId } });

/** What approving a cancellation did: the place freed, offered onward, the fee refunded. */
export type CancelOutcome = Output<typeof api.office.approveCancel>;

export const approveCancel = (id: number) => call(api.office.approveCancel, { params: { id } });

export const rejectCancel = (id: number) => call(api.office.rejectCancel, { params: { id } });

/** The office's actions on an order, by the last part of their path. */
const ORDER_ACTIONS = {
  'confirm-transfer': api.orders.confirmTransfer,
  'mark-paid': api.orders.markPaid,
  refund: api.orders.refund,
  'prepare-shipping': api.orders.prepareShipping,
  ship: api.orders.ship,
} as const;
export type OrderAction = keyof typeof ORDER_ACTIONS;
export const orderAction = (id: number, action: OrderAction) =>
  call(ORDER_ACTIONS[action] as typeof api.orders.ship, { params: { id } });

/** A ticket checked in at reception. */
export type CheckInResult = Output<typeof api.office.checkIn>;

export const checkIn = (code: string, trainingId?: number) =>
  call(api.office.checkIn, {
    body: trainingId ? { code, training_id: trainingId } : { code },
  });

/** GET …/roster.csv with the token (a plain link would not carry it), saved under the server's name. */
export async function downloadRosterCsv(trainingId: number) {
  const { blob, filename } = await download(api.office.rosterCsv, { params: { id: trainingId } });
  saveBlob(blob, filename ?? `roster_${trainingId}.csv`);
}
