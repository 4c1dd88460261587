import { WarningOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** Shown when a page fails to render or its script part fails to load (a new release, a dropped link).
 * Plain markup rather than antd's Result, whose illustrations would weigh on every first visit. */
export const RouteErrorPage = () => {
  const { t } = useTranslation();
  return (
    <main style={{ padding: '80px 16px', textAlign: 'center' }}>
      <WarningOutlined style={{ fontSize: 48, color: '#ff9900' }} />
      <h1 style={{ fontSize: 20, margin: '16px 0 24px' }}>{t('Server_Error')}</h1>
      <Button type="primary" onClick={() => window.location.reload()}>
        {t('Reload')}
      </Button>
    </main>
  );
};
