import { account } from '@oj/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api';
import { session } from '../../lib/auth-store';

/** The logout screen: calls logout, clears local state, goes home. */
const LogoutPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const finish = () => {
      session.clear();
      queryClient.clear();
      navigate('/home', { replace: true });
    };
    // Local state is cleared even when the server is unreachable: the user asked to leave.
    api.call(account.logout, {}, { silent: true, skipSessionHandling: true }).then(finish, finish);
  }, [navigate, queryClient]);

  return <p style={{ textAlign: 'center', padding: 48 }}>{t('Logging_Out')}</p>;
};

export default LogoutPage;
