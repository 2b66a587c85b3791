import { api, type Input } from '@mels/domain';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

/** POST /users/login */
export const login = (body: Input<typeof api.users.login>['body']) => call(api.users.login, { body });

/** POST /users: creates the account and answers a login token. */
export const register = (body: Input<typeof api.users.register>['body']) =>
  call(api.users.register, { body });

/** POST /users/forgot-password: the same answer whether the address is known or not. */
export const forgotPassword = (body: Input<typeof api.users.forgotPassword>['body']) =>
  call(api.users.forgotPassword, { body });

/** POST /users/reset-password */
export const resetPassword = (body: Input<typeof api.users.resetPassword>['body']) =>
  call(api.users.resetPassword, { body });

/** GET /users/{id}: the logged-in user's own profile. */
export const profileQuery = (id: number) =>
  queryOptions({
    queryKey: ['users', 'profile', id],
    queryFn: () => call(api.users.get, { params: { id } }),
  });

/** POST /users/update (multipart: fields and an optional avatar). */
export const updateProfile = (form: FormData) => call(api.users.update, { body: form });

/** POST /users/email-change/confirm: the token of the link mailed to the new address. */
export const confirmEmailChange = (token: string) => call(api.users.confirmEmailChange, { body: { token } });

/** POST /users/logout-all: ends every login of the member, this one included. */
export const logoutEverywhere = () => call(api.users.logoutAll);
