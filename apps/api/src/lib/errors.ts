import { type ErrorCode, K } from '@mels/domain';

export type FieldErrors = Record<string, string[]>;

/**
 * An error the API answers with its own status, stable code and message: a message KEY with its parameters
 * (decision 027; `K.errors.notFound`, `message('validation.required', ref('fields.email'))`), which the
 * error handler answers in the request's language. Field errors are keys too.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly errors: FieldErrors;

  constructor(status: number, code: ErrorCode, message: string, errors: FieldErrors = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.errors = errors;
  }
}

export const notFound = (message: string = K.errors.notFound) => new ApiError(404, 'NOT_FOUND', message);
export const unauthorized = (message: string = K.errors.unauthorized) =>
  new ApiError(401, 'UNAUTHORIZED', message);
export const forbidden = (message: string = K.errors.forbidden, code: ErrorCode = 'FORBIDDEN') =>
  new ApiError(403, code, message);
export const conflict = (message: string, code: ErrorCode = 'CONFLICT', errors: FieldErrors = {}) =>
  new ApiError(409, code, message, errors);
export const badRequest = (message: string, errors: FieldErrors = {}, code: ErrorCode = 'VALIDATION_ERROR') =>
  new ApiError(400, code, message, errors);
export const fieldError = (field: string, message: string, status = 400) =>
  new ApiError(status, 'VALIDATION_ERROR', K.errors.validation, { [field]: [message] });
