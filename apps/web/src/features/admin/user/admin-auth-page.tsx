import { CheckOutlined } from '@ant-design/icons';
import { PERMISSION_NAMES, PERMISSIONS, type Permission, ROLE_NAMES, ROLES } from '@oj/shared';
import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../../components/panel';
import { KEY_COLUMN_CLASS } from '../../../components/responsive-table';
import { useAdminLocale } from '../use-admin-locale';

type Row = (typeof ROLES)[number];

/** /admin/auth, "Auth admin": the role x permission table, read-only, straight from the
 * shared table the server's guard uses (packages/shared/src/roles.ts), so it cannot drift from what is enforced. */
const AdminAuthPage = () => {
  const { t } = useTranslation('admin');
  const locale = useAdminLocale();
  const has = (role: Row, p: Permission) => (role.permissions as readonly Permission[]).includes(p);
  return (
    <Panel title={t('Admin_Auth')}>
      <Typography.Paragraph type="secondary">{t('Auth_Matrix_Tip')}</Typography.Paragraph>
      <Table<Row>
        rowKey="id"
        size="small"
        bordered
        pagination={false}
        // A board: a column per permission, which may scroll in the box (the layout sweep lets `.oj-board` do so).
        className="oj-board"
        scroll={{ x: 'max-content' }}
        dataSource={[...ROLES]}
        columns={[
          // A board, not a list: the role stays pinned at the left (a key column) and the permission columns
          // scroll inside the box when they do not fit, on a phone and beside the admin menu at 1366 px.
          {
            title: t('Role'),
            key: 'role',
            fixed: 'left',
            className: KEY_COLUMN_CLASS,
            render: (_, r) => (
              <span title={r.name}>
                {ROLE_NAMES[r.name][locale]}
                <Typography.Text type="secondary" style={{ marginLeft: 6, fontSize: 12 }}>
                  {r.id}
                </Typography.Text>
              </span>
            ),
          },
          ...PERMISSIONS.map((p) => ({
            title: PERMISSION_NAMES[p][locale],
            key: p,
            align: 'center' as const,
            render: (_: unknown, r: Row) =>
              has(r, p) ? (
                <CheckOutlined style={{ color: '#52c41a' }} aria-label={t('Auth_Granted')} />
              ) : (
                <span role="img" aria-label={t('Auth_Not_Granted')} style={{ color: '#bfbfbf' }}>
                  -
                </span>
              ),
          })),
        ]}
      />
    </Panel>
  );
};

export default AdminAuthPage;
