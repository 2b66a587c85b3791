import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { api, type Output } from '@mels/domain';
import { call, configureApiClient } from '../api-client.ts';
import { LOGOUT_CLEARED_KEYS, tokenStore } from './token-store.ts';

/** The logged-in user, as GET /users/me answers it. */
export type CurrentUser = Output<typeof api.users.me>;

type Auth = {
  token: string | null;
  user: CurrentUser | null;
  isLoggedIn: boolean;
  isLoadingUser: boolean;
  /** Stores the token of a successful login or registration. */
  signIn: (token: string, user?: CurrentUser) => void;
  /** Revokes the token on the server (best effort), clears everything kept in the browser. */
  signOut: () => Promise<void>;
};

const AuthContext = createContext<Auth | null>(null);

/**
 * The API client reads the token from the start (module level), so the very first request of a fresh
 * page load already carries it; what a 401 does is set by the provider once it is mounted.
 */
let handleUnauthorized: () => void = () => {};
configureApiClient({ getToken: tokenStore.get, onUnauthorized: () => handleUnauthorized() });
export const ME_QUERY_KEY = ['users', 'me'] as const;

function clearBrowserState() {
  tokenStore.set(null);
  for (const key of LOGOUT_CLEARED_KEYS) localStorage.removeItem(key);
}

export function AuthProvider({ children, onSignedOut }: { children: ReactNode; onSignedOut: () => void }) {
  const queryClient = useQueryClient();
  const token = useSyncExternalStore(tokenStore.subscribe, tokenStore.get, () => null);

  useEffect(() => {
    handleUnauthorized = () => {
      // Any 401 on a call made with a token: the token is no longer good. Log out and go home.
      clearBrowserState();
      queryClient.removeQueries({ queryKey: ['users'] });
      onSignedOut();
    };
  }, [queryClient, onSignedOut]);

  const me = useQuery({
    queryKey: [...ME_QUERY_KEY, token],
    queryFn: () => call(api.users.me),
    enabled: Boolean(token),
    staleTime: 5 * 60_000,
  });

  const signIn = useCallback(
    (next: string, user?: CurrentUser) => {
      if (user) queryClient.setQueryData([...ME_QUERY_KEY, next], user);
      tokenStore.set(next);
    },
    [queryClient],
  );

  const signOut = useCallback(async () => {
    if (tokenStore.get()) {
      try {
        await call(api.users.logout);
      } catch {
        // The token may already be invalid; the browser forgets it either way.
      }
    }
    clearBrowserState();
    queryClient.removeQueries({ queryKey: ['users'] });
    onSignedOut();
  }, [queryClient, onSignedOut]);

  const value = useMemo<Auth>(
    () => ({
      token,
      user: token ? (me.data ?? null) : null,
      isLoggedIn: Boolean(token),
      isLoadingUser: Boolean(token) && me.isPending,
      signIn,
      signOut,
    }),
    [token, me.data, me.isPending, signIn, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): Auth {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth outside AuthProvider');
  return value;
}
