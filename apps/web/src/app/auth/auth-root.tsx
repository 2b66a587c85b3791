import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { AppLayout } from '../layout/app-layout.tsx';
import { AuthProvider } from '../../lib/auth/auth-provider.tsx';

/** The root route: auth state (which needs the router to send a logged-out user home) around the layout. */
export function AuthRoot() {
  const navigate = useNavigate();
  const goHome = useCallback(() => void navigate('/', { replace: true }), [navigate]);
  return (
    <AuthProvider onSignedOut={goHome}>
      <AppLayout />
    </AuthProvider>
  );
}
