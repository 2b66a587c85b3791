/** The account routes: registration, login, the profile, passwords, avatars and the address lookup (zod-free; schemas in account.ts). */
import { routeTable as r } from './route-table.ts';

export const accountRoutes = {
  users: r({
    register: {
      method: 'POST',
      path: '/users',
      auth: 'public',
      status: 201,
      summary: 'Register: creates the account, logs it in and sends the registration notice',
    },
    login: {
      method: 'POST',
      path: '/users/login',
      auth: 'public',
      summary: 'Log in with email and password',
      errors: { 400: ['INVALID_CREDENTIALS'] },
    },
    logout: {
      method: 'POST',
      path: '/users/logout',
      auth: 'session',
      summary: 'Revoke the token of this request',
    },
    logoutAll: {
      method: 'POST',
      path: '/users/logout-all',
      auth: 'session',
      summary: "Revoke every login token of the user, this request's included (sign out of all devices)",
    },
    me: {
      method: 'GET',
      path: '/users/me',
      auth: 'session',
      summary: 'The logged-in user',
    },
    get: {
      method: 'GET',
      path: '/users/:id',
      auth: 'user',
      summary: "A user's profile: the logged-in user's own only (others: 404)",
      errors: { 404: ['NOT_FOUND'] },
    },
    update: {
      method: 'POST',
      path: '/users/update',
      auth: 'user',
      consumes: ['multipart/form-data', 'application/json'],
      summary:
        'Edit the profile: multipart/form-data (fields + optional `avatar` file) or JSON (fields only); a new email or password needs `current_password`',
      errors: { 413: ['PAYLOAD_TOO_LARGE'] },
    },
    forgotPassword: {
      method: 'POST',
      path: '/users/forgot-password',
      auth: 'public',
      summary: 'Send a password reset link (the same answer whether or not the address is registered)',
    },
    confirmEmailChange: {
      method: 'POST',
      path: '/users/email-change/confirm',
      auth: 'public',
      summary: 'Make the address of an email-change link the login address (single use, 24 hours)',
      errors: {
        400: ['EMAIL_CHANGE_TOKEN_INVALID', 'EMAIL_CHANGE_TOKEN_USED', 'EMAIL_CHANGE_TOKEN_EXPIRED'],
        409: ['EMAIL_TAKEN'],
      },
    },
    resetPassword: {
      method: 'POST',
      path: '/users/reset-password',
      auth: 'public',
      summary: 'Set a new password with the token of a reset link (single use, one hour)',
      errors: { 400: ['RESET_TOKEN_INVALID', 'RESET_TOKEN_USED', 'RESET_TOKEN_EXPIRED'] },
    },
  }),
  avatars: r({
    get: {
      method: 'GET',
      path: '/avatars/:file',
      auth: 'public',
      file: 'image/jpeg',
      summary: 'An avatar picture (JPEG)',
      errors: { 404: ['NOT_FOUND'] },
    },
  }),
  address: r({
    lookup: {
      method: 'GET',
      path: '/areas/address',
      auth: 'public',
      summary: 'Prefecture and district (city + town) of a 7-digit postal code',
      errors: { 404: ['NOT_FOUND'] },
    },
  }),
};
