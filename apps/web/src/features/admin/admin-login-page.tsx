import { Alert, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { LanguageToggle } from '../../components/language-toggle';
import { useSession } from '../../lib/auth-store';
import { usePageTitle } from '../../lib/use-page-title';
import { LoginForm } from '../auth/login-form';
import { useWebsiteConfig } from '../site/use-website-config';

/** /admin/login: admin roles only (the server refuses others with a message). */
const AdminLoginPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { isAuthenticated, isAdmin } = useSession();
  const shortName = useWebsiteConfig().data?.shortName ?? 'OJ';
  usePageTitle(t('Admin_Login'));

  if (isAuthenticated && isAdmin) return <Navigate to="/admin/dashboard" replace />;
  return (
    <main
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: '#f0f2f5',
      }}
    >
      <Card title={`${shortName} · ${t('Admin_Login')}`} extra={<LanguageToggle />} style={{ width: 370 }}>
        <Alert type="info" showIcon title={t('Please_login_first_by_admin_account')} style={{ marginBottom: 16 }} />
        <LoginForm admin onSuccess={() => navigate('/admin/dashboard', { replace: true })} />
      </Card>
    </main>
  );
};

export default AdminLoginPage;
