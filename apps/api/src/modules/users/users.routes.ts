import {
  accountSecurityJa,
  authResponseSchema,
  createUserSchemas,
  dataEnvelope,
  emailChangeConfirmSchema,
  errorBodySchema,
  forgotPasswordRequestSchema,
  idParamSchema,
  ja,
  loginRequestSchema,
  messageResponseSchema,
  profileUpdateResponseSchema,
  resetPasswordRequestSchema,
  userMessages,
  userResponseSchema,
} from '@mels/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { tokyoDate } from '../../lib/dates.ts';
import { ApiError, type FieldErrors } from '../../lib/errors.ts';
import { RateLimitedError } from '../../lib/rate-limit.ts';
import { currentUser, requireUser } from '../../plugins/auth.ts';
import { typed } from '../http.ts';
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

const tags = ['users'];
const security = [{ token: [] }];

function metaOf(request: FastifyRequest): RequestMeta {
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
  throw new ApiError(400, 'VALIDATION_ERROR', ja.errors.validation, errors);
}

/** Accounts: the /users calls of spec 000 §7, plus /users/me and /users/logout. */
export function registerUsers(app: FastifyInstance) {
  const r = typed(app);
  const schemas = createUserSchemas({ today: () => tokyoDate(app.deps.clock.now()) });
  const deps = (request: FastifyRequest): UsersDeps => ({ ...app.deps, log: request.log });
  app.deps.jobs.register(PASSWORD_RESET_JOB, passwordResetMailJob({ ...app.deps, log: app.log }));

  r.post(
    '/users',
    {
      schema: {
        tags,
        summary: 'Register: creates the account, logs it in and sends the registration notice',
        body: schemas.registerRequestSchema,
        response: { 201: authResponseSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const data = await withRetryAfter(reply, () =>
        registerUser(deps(request), request.body, metaOf(request)),
      );
      return reply.status(201).send({ data });
    },
  );

  r.post(
    '/users/login',
    {
      schema: {
        tags,
        summary: 'Log in with email and password',
        body: loginRequestSchema,
        response: { 200: authResponseSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const data = await withRetryAfter(reply, () => login(deps(request), request.body, metaOf(request)));
      return { data };
    },
  );

  r.post(
    '/users/logout',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'Revoke the token of this request',
        response: { 200: messageResponseSchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      await logout(deps(request), currentUser(request));
      return { data: { message: userMessages.loggedOut } };
    },
  );

  r.post(
    '/users/logout-all',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: "Revoke every login token of the user, this request's included (sign out of all devices)",
        response: { 200: messageResponseSchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      await logoutEverywhere(deps(request), currentUser(request));
      return { data: { message: accountSecurityJa.loggedOutAll } };
    },
  );

  r.get(
    '/users/me',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'The logged-in user',
        response: { 200: userResponseSchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      return { data: await readProfile(deps(request), actor, actor.id) };
    },
  );

  r.get(
    '/users/:id',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: "A user's profile: the logged-in user's own only (others: 404)",
        params: idParamSchema,
        response: {
          200: userResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) => ({ data: await readProfile(deps(request), currentUser(request), request.params.id) }),
  );

  r.post(
    '/users/update',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary:
          'Edit the profile: multipart/form-data (fields + optional `avatar` file) or JSON (fields only); a new email or password needs `current_password`',
        consumes: ['multipart/form-data', 'application/json'],
        response: {
          200: profileUpdateResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          413: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const upload = request.isMultipart()
        ? await readProfileUpload(request)
        : { fields: request.body, avatar: undefined };
      const input = parseFields(schemas.profileUpdateRequestSchema, upload.fields);
      const data = await withRetryAfter(reply, () =>
        updateProfile(deps(request), { actor, input, avatar: upload.avatar, meta: metaOf(request) }),
      );
      return { data };
    },
  );

  r.post(
    '/users/forgot-password',
    {
      schema: {
        tags,
        summary: 'Send a password reset link (the same answer whether or not the address is registered)',
        body: forgotPasswordRequestSchema,
        response: { 200: messageResponseSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const data = await withRetryAfter(reply, () =>
        requestPasswordReset(deps(request), request.body.email, metaOf(request)),
      );
      return { data };
    },
  );

  r.post(
    '/users/email-change/confirm',
    {
      schema: {
        tags,
        summary: 'Make the address of an email-change link the login address (single use, 24 hours)',
        body: emailChangeConfirmSchema,
        response: {
          200: dataEnvelope(z.object({ message: z.string(), email: z.string() })),
          400: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request) => ({ data: await confirmEmailChange(deps(request), request.body.token) }),
  );

  r.post(
    '/users/reset-password',
    {
      schema: {
        tags,
        summary: 'Set a new password with the token of a reset link (single use, one hour)',
        body: resetPasswordRequestSchema,
        response: { 200: messageResponseSchema, 400: errorBodySchema },
      },
    },
    async (request) => ({ data: await resetPassword(deps(request), request.body) }),
  );
}
