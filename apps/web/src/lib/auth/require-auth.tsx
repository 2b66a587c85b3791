import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from './auth-provider.tsx';

/** The login's history state: the page the user was going to, followed after the login. */
export function loginState(location: { pathname: string; search: string; hash: string }) {
  return { from: `${location.pathname}${location.search}${location.hash}` };
}

/** Protected routes: without a login, go to /login and remember where the user was going. */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { isLoggedIn } = useAuth();
  const location = useLocation();
  if (!isLoggedIn) return <Navigate to="/login" replace state={loginState(location)} />;
  return children ?? <Outlet />;
}

/** Where to go after login: the remembered page, else home. Only same-site paths are followed. */
export function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' &&
    from.startsWith('/') &&
    !from.startsWith('//') &&
    !from.startsWith('/login')
    ? from
    : '/';
}
