import {
  AUTH_TOKEN_TTL_MS,
  birthdayToIso,
  DEFAULT_LOGIN_THROTTLE,
  EMAIL_CHANGE_TTL_MS,
  loginThrottle,
  OCCUPATION_ID,
  PASSWORD_RESET_TTL_MS,
  userMessages,
  type ProfileUpdateInput,
  type RegisterInput,
  type UserProfile,
  K,
  message,
  ref,
} from '@mels/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor, Tx } from '../../db/client.ts';
import { AvatarError, normalizeAvatar, storeAvatar } from '../../lib/avatar.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { ApiError, fieldError, notFound, unauthorized } from '../../lib/errors.ts';
import type { Mail } from '../../lib/mailer.ts';
import { scheduleJob, type JobHandler } from '../../lib/jobs.ts';
import { hashPassword, verifyPassword, verifyUnknownUserPassword } from '../../lib/password.ts';
import { assertUncommonPassword } from '../../lib/password-policy.ts';
import {
  clearRateLimit,
  consumeAttempt,
  enforceRateLimit,
  RateLimitedError,
  recordRateLimitHits,
  releaseRateLimitHits,
  type RateLimitKey,
} from '../../lib/rate-limit.ts';
import { generateToken, hashToken } from '../../lib/tokens.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { Deps } from '../../plugins/deps.ts';
import {
  emailChangeConfirmMail,
  emailChangeNoticeMail,
  passwordResetMail,
  registrationMail,
} from './users.mails.ts';
import { canReadProfile } from './users.policy.ts';
import { presentUser } from './users.presenter.ts';
import {
  consumeEmailChangeToken,
  consumePasswordResetToken,
  emailTakenByOther,
  findEmailChangeToken,
  findPasswordResetToken,
  findUserByEmail,
  findUserById,
  insertAuthToken,
  insertEmailChangeToken,
  insertPasswordResetToken,
  insertUser,
  invalidateEmailChangeTokens,
  invalidatePasswordResetTokens,
  revokeAuthToken,
  revokeUserAuthTokens,
  updateUser,
  type UserChanges,
  type UserRow,
} from './users.repository.ts';

export type UsersDeps = Pick<Deps, 'db' | 'clock' | 'mailer' | 'config' | 'storage' | 'jobs'> & {
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
};

/** Where a request came from, for rate limits and the token's record. */
export type RequestMeta = { ip: string; userAgent: string | undefined };

export type AuthResult = { token: string; user: UserProfile };

/**
 * Rate-limit buckets (decision 018): failed password checks per (address, IP) pair, per IP and per
 * address; reminder requests per address and per IP; registrations per IP.
 */
export const RATE_BUCKETS = {
  loginPair: 'login:pair',
  loginEmail: 'login:email',
  loginIp: 'login:ip',
  forgotEmail: 'forgot-password:email',
  forgotIp: 'forgot-password:ip',
  registerIp: 'register:ip',
} as const;

/** The job that writes a reset token and mails its link (see requestPasswordReset). */
export const PASSWORD_RESET_JOB = 'users.password-reset-mail';

const emailTaken = () => fieldError('email', userMessages.emailTaken);
const invalidCredentials = () => new ApiError(400, 'INVALID_CREDENTIALS', userMessages.invalidCredentials);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The (address, IP) pair as one rate-limit key. */
const pairKey = (email: string, ip: string): RateLimitKey => ({
  bucket: RATE_BUCKETS.loginPair,
  key: `${email.trim().toLowerCase()} ${ip}`,
});

/**
 * Checks a password under login throttling (decision 018): refused (429) when this (address, IP)
 * pair or this IP has failed too often; slowed, never refused, when only the address has (so that a
 * stranger cannot keep the member out). A failure counts under all three; a success counts nowhere
 * and clears the pair. Unknown addresses cost the same scrypt work as known ones. Used by the login
 * and by the profile's current-password check.
 */
async function checkPassword(
  deps: UsersDeps,
  input: { email: string; password: string; user: UserRow | undefined; ip: string },
): Promise<boolean> {
  const now = deps.clock.now();
  const { login: pairLimit, loginIp: ipLimit, loginMaxDelayMs, windowSeconds } = deps.config.rateLimit;
  const pair = pairKey(input.email, input.ip);
  const ip = { bucket: RATE_BUCKETS.loginIp, key: input.ip };
  const address = { bucket: RATE_BUCKETS.loginEmail, key: input.email };
  const limits = { ...DEFAULT_LOGIN_THROTTLE, pairLimit, ipLimit, maxDelayMs: loginMaxDelayMs };
  let delayMs = 0;
  const outcome = await consumeAttempt(deps.db, {
    keys: [pair, ip],
    watch: [address],
    windowSeconds,
    now,
    refuse: ([pairCount = 0, ipCount = 0, addressCount = 0]) => {
      const decision = loginThrottle({ pair: pairCount, ip: ipCount, address: addressCount }, limits);
      if (decision.kind === 'refuse') return decision.scope === 'pair' ? pair : ip;
      delayMs = decision.delayMs;
      return null;
    },
  });
  if (!outcome.allowed) throw new RateLimitedError(outcome.retryAfterSeconds);
  if (delayMs > 0) await sleep(delayMs);
  const valid =
    input.user && input.user.isActive
      ? await verifyPassword(input.password, input.user.passwordHash)
      : await verifyUnknownUserPassword(input.password);
  if (valid) {
    await releaseRateLimitHits(deps.db, outcome.hitIds);
    await clearRateLimit(deps.db, pair);
  } else {
    await recordRateLimitHits(deps.db, [address], now);
  }
  return valid;
}

/** Mail failures are logged (the mailer keeps the mail in the outbox), never turned into a failed request. */
async function sendMail(deps: UsersDeps, mail: Mail): Promise<void> {
  try {
    await deps.mailer.send(mail);
  } catch (error) {
    deps.log.error({ err: error, subject: mail.subject }, 'mail could not be recorded or sent');
  }
}

async function issueAuthToken(db: UsersDeps['db'], userId: number, now: Date, userAgent: string | undefined) {
  const token = generateToken();
  await insertAuthToken(db, {
    userId,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + AUTH_TOKEN_TTL_MS),
    userAgent: userAgent?.slice(0, 500) ?? null,
  });
  return token;
}

type ProfileFields = Omit<RegisterInput, 'password' | 're_password' | 'privacy'>;

/** Request fields → columns; only the fields given. */
function columnsOf(input: Partial<ProfileFields>): UserChanges {
  const c: UserChanges = {};
  if (input.email !== undefined) c.email = input.email;
  if (input.last_name !== undefined) c.lastName = input.last_name;
  if (input.first_name !== undefined) c.firstName = input.first_name;
  if (input.last_name_kana !== undefined) c.lastNameKana = input.last_name_kana;
  if (input.first_name_kana !== undefined) c.firstNameKana = input.first_name_kana;
  if (input.last_name_alpha !== undefined) c.lastNameAlpha = input.last_name_alpha;
  if (input.first_name_alpha !== undefined) c.firstNameAlpha = input.first_name_alpha;
  if (input.occupation !== undefined) c.occupation = input.occupation;
  if (input.medical_department !== undefined) c.medicalDepartment = input.medical_department;
  if (input.simulation_qualification !== undefined)
    c.simulationQualification = input.simulation_qualification.join(',');
  if (input.location_work !== undefined) c.locationWork = input.location_work;
  if (input.work_area !== undefined) c.workAreaId = input.work_area;
  if (input.postal_code !== undefined) c.postalCode = input.postal_code;
  if (input.area !== undefined) c.areaId = input.area;
  if (input.district !== undefined) c.district = input.district;
  if (input.address !== undefined) c.address = input.address;
  if (input.phone !== undefined) c.phone = input.phone;
  if (input.gender !== undefined) c.gender = input.gender;
  if (input.birthday !== undefined) c.birthday = birthdayToIso(input.birthday);
  return c;
}

// ───────────────────────────── registration and login ─────────────────────────────

/**
 * Creates the account and logs it in (spec §4: "on create success the user is logged in"), then
 * sends the registration notice. A taken address is a field error on email and nothing is created.
 */
export async function registerUser(
  deps: UsersDeps,
  input: RegisterInput,
  meta: RequestMeta,
): Promise<AuthResult> {
  const now = deps.clock.now();
  // Counted first, so that a refused registration costs no lookup and no scrypt work.
  await enforceRateLimit(
    deps.db,
    [{ bucket: RATE_BUCKETS.registerIp, key: meta.ip }],
    { limit: deps.config.rateLimit.register, windowSeconds: deps.config.rateLimit.windowSeconds },
    now,
  );
  assertUncommonPassword(input.password);
  if (await findUserByEmail(deps.db, input.email)) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  let created: { user: UserRow; token: string };
  try {
    created = await deps.db.transaction(async (tx) => {
      const user = await insertUser(tx, {
        email: input.email,
        passwordHash,
        role: 'member',
        lastName: input.last_name,
        firstName: input.first_name,
        lastNameKana: input.last_name_kana,
        firstNameKana: input.first_name_kana,
        lastNameAlpha: input.last_name_alpha,
        firstNameAlpha: input.first_name_alpha,
        occupation: input.occupation,
        medicalDepartment: input.medical_department,
        simulationQualification: input.simulation_qualification.join(','),
        locationWork: input.location_work,
        workAreaId: input.work_area,
        postalCode: input.postal_code,
        areaId: input.area,
        district: input.district,
        address: input.address,
        phone: input.phone,
        gender: input.gender,
        birthday: birthdayToIso(input.birthday),
        privacyAgreedAt: now,
        createdAt: now,
        updatedAt: now,
      });
      const token = await issueAuthToken(tx, user.id, now, meta.userAgent);
      return { user, token };
    });
  } catch (error) {
    // Two registrations of one address at the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  const { user, token } = created;
  await sendMail(deps, {
    to: user.email,
    ...registrationMail({
      lastName: user.lastName,
      firstName: user.firstName,
      email: user.email,
      publicUrl: deps.config.publicUrl,
      officeEmail: deps.config.officeEmail,
    }),
  });
  return { token, user: presentUser(user) };
}

/**
 * Logs in. Wrong address and wrong password give the same answer (no hint which), in the same time.
 * Throttled as checkPassword says.
 */
export async function login(
  deps: UsersDeps,
  input: { email: string; password: string },
  meta: RequestMeta,
): Promise<AuthResult> {
  const user = await findUserByEmail(deps.db, input.email);
  const valid = await checkPassword(deps, { ...input, user, ip: meta.ip });
  if (!user || !valid) throw invalidCredentials();
  const token = await issueAuthToken(deps.db, user.id, deps.clock.now(), meta.userAgent);
  return { token, user: presentUser(user) };
}

/** Revokes the token of this request; other logins of the user stay. */
export async function logout(deps: UsersDeps, actor: AuthUser): Promise<void> {
  await revokeAuthToken(deps.db, actor.tokenId, deps.clock.now());
}

/** Revokes every login token of the user, this request's included ('すべての端末からログアウト'). */
export async function logoutEverywhere(deps: UsersDeps, actor: AuthUser): Promise<void> {
  await revokeUserAuthTokens(deps.db, actor.id, deps.clock.now());
}

// ───────────────────────────── profile ─────────────────────────────

export async function readProfile(deps: UsersDeps, actor: AuthUser, userId: number): Promise<UserProfile> {
  if (!canReadProfile(actor, userId)) throw notFound();
  const user = await findUserById(deps.db, userId);
  if (!user || !user.isActive) throw notFound();
  return presentUser(user);
}

function avatarProblem(error: AvatarError): ApiError {
  return error.problem === 'size'
    ? new ApiError(413, 'PAYLOAD_TOO_LARGE', userMessages.avatarTooLarge, {
        avatar: [userMessages.avatarTooLarge],
      })
    : new ApiError(400, 'VALIDATION_ERROR', userMessages.avatarType, { avatar: [userMessages.avatarType] });
}

/**
 * Edits the caller's profile with the fields given, and replaces the avatar when a picture comes
 * along. A new password or login address needs the current password (a token alone must not be
 * enough to take the account); a wrong one counts as a failed login. A new password ends the
 * user's other logins (this one stays). Nothing is half-written: the picture is checked before
 * anything is stored, and a failed update removes the stored picture.
 */
export async function updateProfile(
  deps: UsersDeps,
  options: { actor: AuthUser; input: ProfileUpdateInput; avatar: Buffer | undefined; meta: RequestMeta },
): Promise<UserProfile & { pending_email: string | null }> {
  const { actor, input, avatar, meta } = options;
  const now = deps.clock.now();
  const current = await findUserById(deps.db, actor.id);
  if (!current || !current.isActive) throw unauthorized();

  const occupation = input.occupation ?? current.occupation;
  const department =
    input.medical_department !== undefined ? input.medical_department : current.medicalDepartment;
  const { current_password: _current, ...fields } = input;
  const changes: UserChanges = { ...columnsOf(fields), updatedAt: now };
  if (input.language !== undefined) changes.language = input.language;
  if (occupation === OCCUPATION_ID.doctor) {
    if (department === null)
      throw fieldError('medical_department', message('validation.required', ref('fields.medicalDepartment')));
    changes.medicalDepartment = department;
  } else {
    changes.medicalDepartment = null;
  }
  if (input.email !== undefined && (await emailTakenByOther(deps.db, input.email, actor.id)))
    throw emailTaken();
  // A new login address takes effect only once the link mailed to it is opened.
  const newEmail =
    input.email !== undefined && input.email.toLowerCase() !== current.email.toLowerCase()
      ? input.email
      : null;
  delete changes.email;
  if (input.password) assertUncommonPassword(input.password);
  if (input.password || newEmail) {
    if (!input.current_password)
      throw fieldError('current_password', K.accountSecurity.currentPasswordRequired);
    const valid = await checkPassword(deps, {
      email: current.email,
      password: input.current_password,
      user: current,
      ip: meta.ip,
    });
    if (!valid) throw fieldError('current_password', K.accountSecurity.currentPasswordWrong);
  }

  let jpeg: Buffer | undefined;
  if (avatar) {
    try {
      jpeg = await normalizeAvatar(avatar);
    } catch (error) {
      if (error instanceof AvatarError) throw avatarProblem(error);
      throw error;
    }
  }
  if (input.password) changes.passwordHash = await hashPassword(input.password);

  const newKey = jpeg ? await storeAvatar(deps.storage, jpeg) : undefined;
  if (newKey) changes.avatarPath = newKey;
  const emailToken = generateToken();
  let updated: UserRow;
  try {
    updated = await deps.db.transaction(async (tx) => {
      const row = await updateUser(tx, actor.id, changes);
      if (changes.passwordHash) await revokeUserAuthTokens(tx, actor.id, now, actor.tokenId);
      if (newEmail) {
        await invalidateEmailChangeTokens(tx, actor.id, now);
        await insertEmailChangeToken(tx, {
          userId: actor.id,
          newEmail,
          tokenHash: hashToken(emailToken),
          createdAt: now,
          expiresAt: new Date(now.getTime() + EMAIL_CHANGE_TTL_MS),
        });
      }
      return row;
    });
  } catch (error) {
    if (newKey) await deps.storage.remove(newKey).catch(() => undefined);
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  if (newKey && current.avatarPath && current.avatarPath !== newKey) {
    await deps.storage.remove(current.avatarPath).catch((error: unknown) => {
      deps.log.warn({ err: error, key: current.avatarPath }, 'old avatar could not be removed');
    });
  }
  if (newEmail) {
    const names = { lastName: updated.lastName, firstName: updated.firstName };
    await sendMail(deps, {
      to: newEmail,
      ...emailChangeConfirmMail({
        ...names,
        link: `${deps.config.publicUrl}/email-change/${emailToken}`,
        publicUrl: deps.config.publicUrl,
        officeEmail: deps.config.officeEmail,
        language: updated.language === 'en' ? 'en' : 'ja',
      }),
    });
    await sendMail(deps, {
      to: updated.email,
      ...emailChangeNoticeMail({
        ...names,
        newEmail,
        publicUrl: deps.config.publicUrl,
        officeEmail: deps.config.officeEmail,
        language: updated.language === 'en' ? 'en' : 'ja',
      }),
    });
  }
  return { ...presentUser(updated), pending_email: newEmail };
}

/**
 * Makes the address of an email-change link the login address: single use, a day, and still free
 * (another account may have taken it meanwhile: 409, nothing changed).
 */
export async function confirmEmailChange(
  deps: UsersDeps,
  token: string,
): Promise<{ message: string; email: string }> {
  const now = deps.clock.now();
  const tokenHash = hashToken(token);
  const problem = (row: { usedAt: Date | null; expiresAt: Date } | undefined) => {
    const [code, message] = !row
      ? (['EMAIL_CHANGE_TOKEN_INVALID', userMessages.emailChangeTokenInvalid] as const)
      : row.usedAt
        ? (['EMAIL_CHANGE_TOKEN_USED', userMessages.emailChangeTokenUsed] as const)
        : row.expiresAt <= now
          ? (['EMAIL_CHANGE_TOKEN_EXPIRED', userMessages.emailChangeTokenExpired] as const)
          : (['EMAIL_CHANGE_TOKEN_INVALID', userMessages.emailChangeTokenInvalid] as const);
    return new ApiError(400, code, message, { token: [message] });
  };
  const found = await findEmailChangeToken(deps.db, tokenHash);
  if (!found || found.usedAt || found.expiresAt <= now) throw problem(found);
  if (await emailTakenByOther(deps.db, found.newEmail, found.userId))
    throw new ApiError(409, 'EMAIL_TAKEN', userMessages.emailTaken, { email: [userMessages.emailTaken] });
  let email: string | undefined;
  try {
    email = await deps.db.transaction(async (tx) => {
      const used = await consumeEmailChangeToken(tx, tokenHash, now);
      if (!used) return undefined;
      await updateUser(tx, used.userId, { email: used.newEmail, updatedAt: now });
      return used.newEmail;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new ApiError(409, 'EMAIL_TAKEN', userMessages.emailTaken, { email: [userMessages.emailTaken] });
    throw error;
  }
  if (email === undefined) throw problem(await findEmailChangeToken(deps.db, tokenHash));
  return { message: userMessages.emailChangeDone, email };
}

// ───────────────────────────── password reminder ─────────────────────────────

/**
 * Sends a reset link when the address belongs to an account; the answer is the same either way
 * (no account enumeration), and so is the work done before answering: one job is queued for any
 * address, and the job (passwordResetMailJob) looks the address up, writes the token and mails the
 * link. Requests count against the address and the IP.
 */
export async function requestPasswordReset(
  deps: UsersDeps,
  email: string,
  meta: RequestMeta,
): Promise<{ message: string }> {
  const now = deps.clock.now();
  const { login, loginIp, windowSeconds } = deps.config.rateLimit;
  // Per address as many as failed logins; per IP as generous as the login's IP limit (one NAT).
  const outcome = await consumeAttempt(deps.db, {
    keys: [
      { bucket: RATE_BUCKETS.forgotEmail, key: email },
      { bucket: RATE_BUCKETS.forgotIp, key: meta.ip },
    ],
    windowSeconds,
    now,
    refuse: ([byAddress = 0, byIp = 0]) =>
      byAddress >= login
        ? { bucket: RATE_BUCKETS.forgotEmail, key: email }
        : byIp >= loginIp
          ? { bucket: RATE_BUCKETS.forgotIp, key: meta.ip }
          : null,
  });
  if (!outcome.allowed) throw new RateLimitedError(outcome.retryAfterSeconds);
  await scheduleJob(deps.db, { kind: PASSWORD_RESET_JOB, payload: { email }, runAt: now });
  deps.jobs.nudge();
  return { message: userMessages.forgotPasswordSent };
}

/**
 * The queued half of requestPasswordReset: when the address belongs to an active account, writes a
 * reset token (one hour) and, after the commit, mails its link; otherwise does nothing.
 */
export function passwordResetMailJob(deps: UsersDeps): JobHandler {
  return async (tx: Tx, payload) => {
    const email = typeof payload.email === 'string' ? payload.email : '';
    const user = email ? await findUserByEmail(tx, email) : undefined;
    if (!user || !user.isActive) return;
    return writeResetLink(deps, tx, user);
  };
}

/** Writes a reset token (one hour) for the user; returns the mailing of its link, to run after the commit. */
async function writeResetLink(deps: UsersDeps, tx: Executor, user: UserRow): Promise<() => Promise<void>> {
  const now = deps.clock.now();
  const token = generateToken();
  await insertPasswordResetToken(tx, {
    userId: user.id,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MS),
  });
  return () =>
    sendMail(deps, {
      to: user.email,
      ...passwordResetMail({
        lastName: user.lastName,
        firstName: user.firstName,
        link: `${deps.config.publicUrl}/forgot-password/${token}`,
        publicUrl: deps.config.publicUrl,
        officeEmail: deps.config.officeEmail,
        language: user.language === 'en' ? 'en' : 'ja',
      }),
    });
}

/**
 * The office sends a member a reset link (issue 18): the same token and mail as the member's own
 * request. `write` runs in the caller's transaction (with its audit row); the mail goes after the commit.
 */
export async function officeResetLink(deps: UsersDeps, tx: Executor, user: UserRow) {
  return writeResetLink(deps, tx, user);
}

/** The registration notice again (the office's resend, issue 18). */
export async function resendRegistrationMail(deps: UsersDeps, user: UserRow): Promise<void> {
  await sendMail(deps, {
    to: user.email,
    ...registrationMail({
      lastName: user.lastName,
      firstName: user.firstName,
      email: user.email,
      publicUrl: deps.config.publicUrl,
      officeEmail: deps.config.officeEmail,
    }),
  });
}

function resetTokenProblem(row: { usedAt: Date | null; expiresAt: Date } | undefined, now: Date): ApiError {
  const [code, message] = !row
    ? (['RESET_TOKEN_INVALID', userMessages.resetTokenInvalid] as const)
    : row.usedAt
      ? (['RESET_TOKEN_USED', userMessages.resetTokenUsed] as const)
      : row.expiresAt <= now
        ? (['RESET_TOKEN_EXPIRED', userMessages.resetTokenExpired] as const)
        : (['RESET_TOKEN_INVALID', userMessages.resetTokenInvalid] as const);
  return new ApiError(400, code, message, { token: [message] });
}

/**
 * Sets a new password with a reset token: single use (marked used in the same statement that
 * checks it), one hour, and it ends every login of the user and their other reset links.
 */
export async function resetPassword(
  deps: UsersDeps,
  input: { token: string; password: string },
): Promise<{ message: string }> {
  const now = deps.clock.now();
  const tokenHash = hashToken(input.token);
  // A cheap look first, so that a bad token costs no password hashing.
  const found = await findPasswordResetToken(deps.db, tokenHash);
  if (!found || found.usedAt || found.expiresAt <= now) throw resetTokenProblem(found, now);
  assertUncommonPassword(input.password);

  const passwordHash = await hashPassword(input.password);
  const userId = await deps.db.transaction(async (tx) => {
    const id = await consumePasswordResetToken(tx, tokenHash, now);
    if (id === undefined) return undefined;
    await updateUser(tx, id, { passwordHash, updatedAt: now });
    await revokeUserAuthTokens(tx, id, now);
    await invalidatePasswordResetTokens(tx, id, now);
    return id;
  });
  if (userId === undefined) throw resetTokenProblem(await findPasswordResetToken(deps.db, tokenHash), now);
  return { message: userMessages.resetPasswordDone };
}
