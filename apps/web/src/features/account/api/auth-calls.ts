import type { AuthResponse, RegisterRequest, UserProfile } from '@mels/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';

type Session = AuthResponse['data'];

/** POST /users/login */
export const login = (body: { email: string; password: string }) =>
  apiData<Session>('/users/login', { method: 'POST', body });

/** POST /users: creates the account and answers a login token. */
export const register = (body: RegisterRequest) => apiData<Session>('/users', { method: 'POST', body });

/** POST /users/forgot-password: the same answer whether the address is known or not. */
export const forgotPassword = (body: { email: string }) =>
  apiData<{ message: string }>('/users/forgot-password', { method: 'POST', body });

/** POST /users/reset-password */
export const resetPassword = (body: { password: string; re_password: string; token: string }) =>
  apiData<{ message: string }>('/users/reset-password', { method: 'POST', body });

/** GET /users/{id}: the logged-in user's own profile. */
export const profileQuery = (id: number) =>
  queryOptions({ queryKey: ['users', 'profile', id], queryFn: () => apiData<UserProfile>(`/users/${id}`) });

/** POST /users/update (multipart: fields and an optional avatar). */
export const updateProfile = (form: FormData) =>
  apiData<UserProfile & { pending_email: string | null }>('/users/update', { method: 'POST', body: form });

/** POST /users/email-change/confirm: the token of the link mailed to the new address. */
export const confirmEmailChange = (token: string) =>
  apiData<{ message: string; email: string }>('/users/email-change/confirm', {
    method: 'POST',
    body: { token },
  });

/** POST /users/logout-all: ends every login of the member, this one included. */
export const logoutEverywhere = () => apiData<{ message: string }>('/users/logout-all', { method: 'POST' });
