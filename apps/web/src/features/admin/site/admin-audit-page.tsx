import { type AuditEntry, audit, auditActionName } from '@oj/shared';
import { useQuery } from '@tanstack/react-query';
import { Input, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverPaging } from '../../../components/paging';
import { Panel } from '../../../components/panel';
import { useResponsiveColumns } from '../../../components/responsive-table';
import { api } from '../../../lib/api';
import { formatTime } from '../../../lib/format-time';
import { queryKey } from '../../../lib/query-keys';
import { useAdminLocale } from '../use-admin-locale';

/** /admin/audit: who rejudged, judged by hand, cancelled, changed roles, passwords, bans or settings (root). */
const AdminAuditPage = () => {
  const { t } = useTranslation(['admin', 'submission']);
  const locale = useAdminLocale();
  const [filter, setFilter] = useState<{ action?: AuditEntry['action']; username?: string; targetId?: string }>({});
  const [currentPage, setPage] = useState(1);
  const list = useQuery({
    queryKey: queryKey(audit.getAuditLog, filter, currentPage),
    queryFn: () => api.call(audit.getAuditLog, { ...filter, currentPage, limit: 20 }),
  });
  const change = (patch: typeof filter) => {
    setFilter((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  // A phone shows who did what; the time, the target, the detail and the address in each row's details.
  const layout = useResponsiveColumns<AuditEntry>([
    { title: t('Time'), key: 'time', from: 'tablet', render: (_, e) => formatTime(e.gmtCreate, true) },
    { title: t('Operator'), dataIndex: 'username', key: 'operator' },
    { title: t('Action'), key: 'action', render: (_, e) => auditActionName(e.action, locale) },
    { title: t('Target'), key: 'target', from: 'wide', render: (_, e) => `${e.targetType} ${e.targetId}` },
    {
      title: t('Detail'),
      key: 'detail',
      from: 'laptop',
      width: 320,
      render: (_, e) => (
        <code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontSize: 12 }}>{JSON.stringify(e.detail)}</code>
      ),
    },
    { title: t('IP'), dataIndex: 'ip', key: 'ip', from: 'wide' },
  ]);
  return (
    <Panel
      title={t('Audit_Log')}
      extra={
        <Space wrap>
          <Select
            aria-label={t('Filter_Action')}
            placeholder={t('Filter_Action')}
            allowClear
            style={{ width: 180 }}
            onChange={(v) => change({ action: v })}
            options={audit.AUDIT_ACTIONS.map((a) => ({ value: a, label: auditActionName(a, locale) }))}
          />
          <Input.Search
            aria-label={t('Filter_Operator')}
            placeholder={t('Filter_Operator')}
            allowClear
            onSearch={(v) => change({ username: v.trim() || undefined })}
          />
          <Input.Search
            aria-label={t('Filter_Target')}
            placeholder={t('Filter_Target')}
            allowClear
            onSearch={(v) => change({ targetId: v.trim() || undefined })}
          />
        </Space>
      }
    >
      <Table<AuditEntry>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.records ?? []}
        pagination={serverPaging(currentPage, 20, list.data?.total, setPage)}
        {...layout}
      />
    </Panel>
  );
};

export default AdminAuditPage;
