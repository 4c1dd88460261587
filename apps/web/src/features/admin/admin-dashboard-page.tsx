import { Descriptions, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../components/panel';
import { useSession } from '../../lib/auth-store';

/** Dashboard: who is signed in; the admin issue adds the site statistics. */
const AdminDashboardPage = () => {
  const { t } = useTranslation();
  const { user, roles } = useSession();
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Panel title={t('Dashboard')}>
        <Descriptions column={1}>
          <Descriptions.Item label={t('Signed_In_As')}>{user?.username}</Descriptions.Item>
          <Descriptions.Item label={t('Roles')}>
            {roles.map((r) => (
              <Tag key={r} color={r === 'root' ? 'red' : 'blue'}>
                {t(`Role_${r}`, { defaultValue: r })}
              </Tag>
            ))}
          </Descriptions.Item>
        </Descriptions>
        <Typography.Paragraph type="secondary">{t('Admin_Area_Coming')}</Typography.Paragraph>
      </Panel>
    </Space>
  );
};

export default AdminDashboardPage;
