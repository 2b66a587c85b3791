import { accountSecurityJa, contracts, createUserSchemas, K, userMessages } from '@mels/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { tokyoDate } from '../../lib/dates.ts';
import { ApiError, type FieldErrors } from '../../lib/errors.ts';
import { RateLimitedError } from '../../lib/rate-limit.ts';
import { currentUser } from '../../plugins/auth.ts';
import { contractRoute } from '../contract-route.ts';
import {
  confirmEmailChange,
  login,
  logout,
  logoutEverywhere,
  PASSWORD_RESET_JOB,
  passwordResetMailJob,
  readProfile,
  registerUser,
  requestPasswordReset,
  resetPassword,
  updateProfile,
  type RequestMeta,
  type UsersDeps,
} from './users.service.ts';
import { readProfileUpload } from './users.upload.ts';

const users = contracts.users;

function metaOf(request: Pick<FastifyRequest, 'ip' | 'headers'>): RequestMeta {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

/** A 429 tells the client when to try again. */
async function withRetryAfter<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
    throw error;
  }
}

/** Validates a body read by hand (multipart) with a domain schema; the same error shape as route schemas. */
function parseFields<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : 'body';
    (errors[field] ??= []).push(issue.message);
  }
  throw new ApiError(400, 'VALIDATION_ERROR', K.errors.validation, errors);
}

/** Accounts: the /users calls of spec 000 §7, plus /users/me and /users/logout. */
export function registerUsers(app: FastifyInstance) {
  const schemas = createUserSchemas({ today: () => tokyoDate(app.deps.clock.now()) });
  const deps = (request: FastifyRequest): UsersDeps => ({ ...app.deps, log: request.log });
  app.deps.jobs.register(PASSWORD_RESET_JOB, passwordResetMailJob({ ...app.deps, log: app.log }));

  // The birthday's upper bound is today by the server's clock.
  contractRoute(
    app,
    users.register,
    async (request, reply) => ({
      data: await withRetryAfter(reply, () => registerUser(deps(request), request.body, metaOf(request))),
    }),
    { body: schemas.registerRequestSchema },
  );

  contractRoute(app, users.login, async (request, reply) => ({
    data: await withRetryAfter(reply, () => login(deps(request), request.body, metaOf(request))),
  }));

  contractRoute(app, users.logout, async (request) => {
    await logout(deps(request), currentUser(request));
    return { data: { message: userMessages.loggedOut } };
  });

  contractRoute(app, users.logoutAll, async (request) => {
    await logoutEverywhere(deps(request), currentUser(request));
    return { data: { message: accountSecurityJa.loggedOutAll } };
  });

  contractRoute(app, users.me, async (request) => {
    const actor = currentUser(request);
    return { data: await readProfile(deps(request), actor, actor.id) };
  });

  contractRoute(app, users.get, async (request) => ({
    data: await readProfile(deps(request), currentUser(request), request.params.id),
  }));

  contractRoute(app, users.update, async (request, reply) => {
    const actor = currentUser(request);
    const upload = request.isMultipart()
      ? await readProfileUpload(request as FastifyRequest)
      : { fields: request.body, avatar: undefined };
    const input = parseFields(schemas.profileUpdateRequestSchema, upload.fields);
    const data = await withRetryAfter(reply, () =>
      updateProfile(deps(request), { actor, input, avatar: upload.avatar, meta: metaOf(request) }),
    );
    return { data };
  });

  contractRoute(app, users.forgotPassword, async (request, reply) => ({
    data: await withRetryAfter(reply, () =>
      requestPasswordReset(deps(request), request.body.email, metaOf(request)),
    ),
  }));

  contractRoute(app, users.confirmEmailChange, async (request) => ({
    data: await confirmEmailChange(deps(request), request.body.token),
  }));

  contractRoute(app, users.resetPassword, async (request) => ({
    data: await resetPassword(deps(request), request.body),
  }));
}
