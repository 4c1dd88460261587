import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '../../lib/auth-store';
import { loginDialog } from '../../lib/ui-store';

/** /login and /chusai: home with the login dialog open. */
const LoginRedirect = () => {
  const { isAuthenticated } = useSession();
  useEffect(() => {
    if (!isAuthenticated) loginDialog.open();
  }, [isAuthenticated]);
  return <Navigate to="/home" replace />;
};

export default LoginRedirect;
