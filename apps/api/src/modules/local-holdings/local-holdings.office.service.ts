import {
  K,
  LOCAL_HOLDING_STATUS,
  paginate,
  type AssignLocalHolding,
  type LocalHoldingsQuery,
  type RejectLocalHolding,
} from '@mels/domain';
import type { Executor } from '../../db/client.ts';
import { ApiError, conflict, notFound } from '../../lib/errors.ts';
import { tokyoDate } from '../../lib/dates.ts';
import { mailSite } from '../../lib/mail-templates/layout.ts';
import type { Deps } from '../../plugins/deps.ts';
import { checkIn, roster, type SessionScope } from '../office/index.ts';
import { holdingApprovedMail, holdingRejectedMail } from './local-holdings.mails.ts';
import { presentHostRoster, presentHostSession, presentOfficeHolding } from './local-holdings.presenter.ts';
import {
  decideHolding,
  findHolding,
  findHoldingView,
  insertHostAccount,
  isAccountEmailTaken,
  listHoldings,
  listHostSessions,
  lockTrainingHolding,
  setTrainingHolding,
  type HoldingRow,
} from './local-holdings.repository.ts';
import { recordAudit } from '../audit/index.ts';

const e = K.office.people.errors;

type Actor = { actorId: number; now: Date };

/** GET /office/local-holdings: awaiting approval first, then newest. */
export async function officeHoldings(deps: Pick<Deps, 'db'>, query: LocalHoldingsQuery) {
  const { rows, total } = await listHoldings(deps.db, query);
  return { data: rows.map(presentOfficeHolding), pagination: paginate(query.page, query.limit, total) };
}

async function holdingView(deps: Pick<Deps, 'db'>, id: number) {
  const row = await findHoldingView(deps.db, id);
  if (!row) throw notFound();
  return presentOfficeHolding(row);
}

/** Why a decision found nothing to change: no such registration (404) or already decided (409). */
async function undecidable(db: Executor, id: number): Promise<never> {
  if (!(await findHolding(db, id))) throw notFound();
  throw conflict(e.holdingDecided, 'HOLDING_DECIDED');
}

const mailDetails = (h: HoldingRow) => ({
  organization: h.organization,
  secretariat_name: h.secretariatName,
  secretariat_email: h.secretariatEmail,
});

/**
 * POST /office/local-holdings/{id}/approve: one conditional UPDATE (awaiting → approved) and the host
 * account (role 'host', the secretariat's email and the registered password's hash) in one transaction,
 * audited. Approving twice makes one account: the second finds nothing awaiting (409). An email another
 * account already uses rolls the approval back (409 EMAIL_TAKEN).
 */
export async function approveHolding(deps: Deps, input: Actor & { id: number }) {
  let holding: HoldingRow;
  try {
    holding = await deps.db.transaction(async (tx) => {
      const decided = await decideHolding(tx, {
        id: input.id,
        status: LOCAL_HOLDING_STATUS.approved,
        actorId: input.actorId,
        reason: null,
        now: input.now,
      });
      if (!decided) return undecidable(tx, input.id);
      const account = await insertHostAccount(tx, decided, input.now);
      await recordAudit(tx, {
        actorId: input.actorId,
        action: 'local_holding.approve',
        entity: 'local_holding',
        entityId: decided.id,
        data: {
          before: { status: LOCAL_HOLDING_STATUS.awaitingApproval },
          after: { status: LOCAL_HOLDING_STATUS.approved, host_user_id: account.id },
          organization: decided.organization,
        },
        now: input.now,
      });
      return decided;
    });
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (isAccountEmailTaken(error)) throw new ApiError(409, 'EMAIL_TAKEN', e.holdingEmailTaken);
    throw error;
  }
  await deps.mailer.send(
    holdingApprovedMail(mailDetails(holding), `${deps.config.publicUrl}/login`, mailSite(deps.config)),
  );
  return holdingView(deps, holding.id);
}

/** POST /office/local-holdings/{id}/reject: awaiting → rejected once, audited; the reason is mailed. */
export async function rejectHolding(deps: Deps, input: Actor & { id: number; body: RejectLocalHolding }) {
  const holding = await deps.db.transaction(async (tx) => {
    const decided = await decideHolding(tx, {
      id: input.id,
      status: LOCAL_HOLDING_STATUS.rejected,
      actorId: input.actorId,
      reason: input.body.reason,
      now: input.now,
    });
    if (!decided) return undecidable(tx, input.id);
    await recordAudit(tx, {
      actorId: input.actorId,
      action: 'local_holding.reject',
      entity: 'local_holding',
      entityId: decided.id,
      data: {
        before: { status: LOCAL_HOLDING_STATUS.awaitingApproval },
        after: { status: LOCAL_HOLDING_STATUS.rejected },
        reason: input.body.reason,
        organization: decided.organization,
      },
      now: input.now,
    });
    return decided;
  });
  await deps.mailer.send(holdingRejectedMail(mailDetails(holding), input.body.reason, mailSite(deps.config)));
  return holdingView(deps, holding.id);
}

/**
 * PUT /office/trainings/{id}/local-holding: the approved holding that runs the session (its host then
 * sees it), or none. The session's row is locked; the audit row has the holding before and after.
 */
export async function assignSessionHolding(
  deps: Pick<Deps, 'db'>,
  input: Actor & { trainingId: number; body: AssignLocalHolding },
) {
  return deps.db.transaction((tx) =>
    setSessionHolding(tx, {
      actorId: input.actorId,
      trainingId: input.trainingId,
      holdingId: input.body.local_holding_id,
      now: input.now,
    }),
  );
}

/**
 * The assignment in the caller's transaction: the office's PUT above, and the demo seed (no actor, so
 * no audit row), which gives its host-run sessions to their holdings the way the office does.
 */
export async function setSessionHolding(
  tx: Executor,
  input: { actorId: number | null; trainingId: number; holdingId: number | null; now: Date },
) {
  const { holdingId } = input;
  if (holdingId !== null) {
    const holding = await findHolding(tx, holdingId);
    if (!holding) throw notFound();
    if (holding.status !== LOCAL_HOLDING_STATUS.approved)
      throw new ApiError(400, 'VALIDATION_ERROR', K.errors.validation, {
        local_holding_id: [e.holdingNotApproved],
      });
  }
  const session = await lockTrainingHolding(tx, input.trainingId);
  if (!session) throw notFound();
  await setTrainingHolding(tx, session.id, holdingId);
  if (input.actorId !== null)
    await recordAudit(tx, {
      actorId: input.actorId,
      action: 'training.assign_local_holding',
      entity: 'training',
      entityId: session.id,
      data: { before: { local_holding_id: session.localHoldingId }, after: { local_holding_id: holdingId } },
      now: input.now,
    });
  return { training_id: session.id, local_holding_id: holdingId };
}

// ───────────────────────────── the host's view ─────────────────────────────

/** GET /host/holding */
export async function hostHolding(deps: Pick<Deps, 'db'>, scope: SessionScope) {
  const h = await findHolding(deps.db, scope.localHoldingId);
  if (!h) throw notFound();
  return {
    id: h.id,
    organization: h.organization,
    secretariat_name: h.secretariatName,
    secretariat_email: h.secretariatEmail,
  };
}

/** GET /host/trainings: the holding's sessions, upcoming first. */
export async function hostSessions(
  deps: Pick<Deps, 'db' | 'clock'>,
  input: { scope: SessionScope; page: number; limit: number },
) {
  const { rows, total } = await listHostSessions(deps.db, {
    holdingId: input.scope.localHoldingId,
    today: tokyoDate(deps.clock.now()),
    page: input.page,
    limit: input.limit,
  });
  return { data: rows.map(presentHostSession), pagination: paginate(input.page, input.limit, total) };
}

/** GET /host/trainings/{id}/roster: the office's roster in the host's scope, without contact or payment data. */
export async function hostRoster(deps: Pick<Deps, 'db'>, input: { trainingId: number; scope: SessionScope }) {
  return presentHostRoster(await roster(deps.db, input.trainingId, input.scope));
}

/** POST /host/trainings/{id}/check-in: the office's check-in in the host's scope (audited as the host). */
export async function hostCheckIn(
  deps: Deps,
  input: Actor & { trainingId: number; code: string; scope: SessionScope },
) {
  return checkIn(deps, input.code, input.trainingId, input.actorId, input.now, input.scope);
}
