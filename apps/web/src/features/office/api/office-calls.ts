import type {
  OfficeCancelRequest,
  OfficeDashboard,
  OfficeOrder,
  OfficeOrderKind,
  OfficeRoster,
  OfficeTraining,
  OfficeTrainingDetail,
  OfficeLabelKey,
  OfficeWaiting,
} from '@mels/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiBlob, apiData, apiList } from '../../../lib/api-client.ts';
import { saveBlob } from '../../../lib/download.ts';

export const OFFICE_PAGE_SIZE = 20;

/** Every office query key starts with 'office', so an action can refresh the whole console at once. */
export const OFFICE_KEY = ['office'] as const;

export const dashboardQuery = () =>
  queryOptions({
    queryKey: [...OFFICE_KEY, 'dashboard'],
    queryFn: ({ signal }) => apiData<OfficeDashboard>('/office/dashboard', { signal }),
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
      apiList<OfficeTraining>('/office/trainings', {
        query: { ...filters, limit: OFFICE_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const trainingQuery = (id: number) =>
  queryOptions({
    queryKey: [...OFFICE_KEY, 'training', id],
    queryFn: ({ signal }) => apiData<OfficeTrainingDetail>(`/office/trainings/${id}`, { signal }),
  });

export const rosterQuery = (id: number) =>
  queryOptions({
    queryKey: [...OFFICE_KEY, 'roster', id],
    queryFn: ({ signal }) => apiData<OfficeRoster>(`/office/trainings/${id}/roster`, { signal }),
  });

export type TrailStep = {
  id: number;
  step: number;
  step_label: string;
  status: number;
  /** The entry's status in the office's words (officeStatusLabel of the domain), as key and Japanese text. */
  status_key: OfficeLabelKey;
  status_label: string;
  note: string | null;
  note_label: string | null;
  actor_user_id: number | null;
  /** Who acted: the member themself, an office member or another person (by name), or the system. */
  actor: { kind: 'self' | 'office' | 'member' | 'system'; name: string };
  created_at: string;
};
export type Trail = { enrollment_id: number; user_id: number; status: number; steps: TrailStep[] };

export const trailQuery = (enrollmentId: number) =>
  queryOptions({
    queryKey: [...OFFICE_KEY, 'trail', enrollmentId],
    queryFn: ({ signal }) => apiData<Trail>(`/office/enrollments/${enrollmentId}/steps`, { signal }),
  });

export const cancelRequestsQuery = (status: number, page: number) =>
  queryOptions({
    queryKey: [...OFFICE_KEY, 'cancel-requests', status, page],
    queryFn: ({ signal }) =>
      apiList<OfficeCancelRequest>('/office/cancel-requests', {
        query: { status, page, limit: OFFICE_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const ordersQuery = (kind: OfficeOrderKind, page: number) =>
  queryOptions({
    queryKey: [...OFFICE_KEY, 'orders', kind, page],
    queryFn: ({ signal }) =>
      apiList<OfficeOrder>('/office/orders', { query: { kind, page, limit: OFFICE_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });

export type DrawSummary = {
  seed: string;
  places: number;
  entrants: number[];
  winners: number[];
  losers: number[];
  won_elsewhere: number[];
};

export const runLottery = (trainingId: number, userType: number, seed?: string) =>
  apiData<DrawSummary>(`/office/trainings/${trainingId}/lottery`, {
    method: 'POST',
    body: seed ? { user_type: userType, seed } : { user_type: userType },
  });

/** POST /office/trainings/{id}/close-applications: the application window ends now. */
export const closeApplications = (trainingId: number, userType: number) =>
  apiData<{ training_id: number; user_type: number; apply_end_date: string }>(
    `/office/trainings/${trainingId}/close-applications`,
    { method: 'POST', body: { user_type: userType } },
  );

export const offerNext = (trainingId: number, userType: number) =>
  apiData<{ enrollment_id: number; status: number }>(`/office/trainings/${trainingId}/lottery/offer-next`, {
    method: 'POST',
    body: { user_type: userType },
  });

/** Takes back a check-in made by mistake; the reason is kept in the audit trail. */
export const undoCheckIn = (enrollmentId: number, reason: string) =>
  apiData<{ enrollment_id: number; status: number }>(`/office/enrollments/${enrollmentId}/undo-check-in`, {
    method: 'POST',
    body: { reason },
  });

/** Revokes a certificate (its verification then reads revoked); the reason is audited. */
export const revokeCertificate = (certificateId: number, reason: string) =>
  apiData<{ id: number; revoked_at: string }>(`/office/certificates/${certificateId}/revoke`, {
    method: 'POST',
    body: { reason },
  });

/** Declines an assistant's application awaiting approval; the reason is mailed to the applicant. */
export const rejectAssistant = (enrollmentId: number, reason: string) =>
  apiData<{ enrollment_id: number; status: number }>(`/office/enrollments/${enrollmentId}/reject-assistant`, {
    method: 'POST',
    body: { reason },
  });

export const approveAssistant = (enrollmentId: number) =>
  apiData<{ enrollment_id: number; status: number }>(
    `/office/enrollments/${enrollmentId}/approve-assistant`,
    {
      method: 'POST',
    },
  );

export type CancelOutcome = {
  id: number;
  place_freed: boolean;
  offered_enrollment_id: number | null;
  refund: { order_id: number; refund_order_id: number | null; message: string | null } | null;
};

export const approveCancel = (id: number) =>
  apiData<CancelOutcome>(`/office/cancel-requests/${id}/approve`, { method: 'POST' });

export const rejectCancel = (id: number) =>
  apiData<{ id: number }>(`/office/cancel-requests/${id}/reject`, { method: 'POST' });

export type OrderAction = 'confirm-transfer' | 'mark-paid' | 'refund' | 'prepare-shipping' | 'ship';
export const orderAction = (id: number, action: OrderAction) =>
  apiData<{ id: number; status: number }>(`/office/orders/${id}/${action}`, { method: 'POST' });

export type CheckInResult = {
  enrollment_id: number;
  training_id: number;
  training_name: string;
  fullname: string;
  user_type_id: number;
  checked_in_at: string;
};

export const checkIn = (code: string, trainingId?: number) =>
  apiData<CheckInResult>('/office/check-in', {
    method: 'POST',
    body: trainingId ? { code, training_id: trainingId } : { code },
  });

/** GET …/roster.csv with the token (a plain link would not carry it), saved under the server's name. */
export async function downloadRosterCsv(trainingId: number) {
  const { blob, filename } = await apiBlob(`/office/trainings/${trainingId}/roster.csv`);
  saveBlob(blob, filename ?? `roster_${trainingId}.csv`);
}
