import { account } from '@oj/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api';
import { session } from '../../lib/auth-store';

/** Admin logout: ends the session on the server, clears local state, back to the admin login. */
export const useAdminLogout = () => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    try {
      await api.call(account.adminLogout, {}, { silent: true, skipSessionHandling: true });
    } catch {
      // Leaving locally matters more than the server's answer.
    }
    session.clear();
    queryClient.clear();
    navigate('/admin/login', { replace: true });
  };
};
