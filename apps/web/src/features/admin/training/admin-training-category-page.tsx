import { adminTraining as contract, type TrainingCategory, training } from '@oj/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, ColorPicker, Input, Popconfirm, Space, Table, Tag } from 'antd';
import { type Key, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../../components/panel';
import { useResponsiveColumns } from '../../../components/responsive-table';
import { api } from '../../../lib/api';
import { toast } from '../../../lib/notify';
import { queryKey } from '../../../lib/query-keys';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { adminCategoriesKey } from './admin-training-list-page';

/** The row being edited: an existing category by id, or a new one (id null). */
type Editing = { id: number | null; name: string; color: string };
type Row = Pick<TrainingCategory, 'id' | 'name' | 'color'>;

const NEW_ROW_KEY = 0;
const DEFAULT_COLOR = '#409EFF';

/** /admin/training/category: the training categories with their colours, added, edited inline and deleted (root and
 * problem_admin; a category some training uses is refused by the server, whose message the http client shows). */
const AdminTrainingCategoryPage = () => {
  const { t } = useTranslation('admin');
  const [editing, setEditing] = useState<Editing | null>(null);
  /** The rows whose details are open (a phone's): the one being edited opens its own. */
  const [expanded, setExpanded] = useState<Key[]>([]);
  const categories = useQuery({
    queryKey: adminCategoriesKey,
    queryFn: () => api.call(training.getTrainingCategory, {}),
  });
  // A refusal (a category in use names its trainings) is shown by the http client; `run` tells whether it worked.
  const change = useApiMutation({
    mutationFn: (v: { call: () => Promise<unknown>; done: string }) => v.call(),
    invalidates: [adminCategoriesKey, queryKey(contract.getAdminTrainingList)],
    onSuccess: (_, { done }) => toast.success(t(done)),
  });
  const busy = change.isPending;
  const run = (call: () => Promise<unknown>, done: string) =>
    change.mutateAsync({ call, done }).then(
      () => true,
      () => false,
    );
  const save = async () => {
    if (!editing) return;
    const name = editing.name.trim();
    if (!name) {
      toast.error(t('Admin_Training_Field_Required', { field: t('Admin_Training_Category_Name') }));
      return;
    }
    const body = { name, color: editing.color };
    const id = editing.id;
    const ok = await run(
      () =>
        id === null
          ? api.call(contract.createTrainingCategory, body)
          : api.call(contract.updateTrainingCategory, { id, ...body }),
      id === null ? 'Admin_Training_Added' : 'Admin_Training_Updated',
    );
    if (ok) setEditing(null);
  };

  const rows: Row[] = [
    ...(editing?.id === null ? [{ id: NEW_ROW_KEY, name: editing.name, color: editing.color }] : []),
    ...(categories.data ?? []),
  ];
  const isEditing = (r: Row) => !!editing && (editing.id ?? NEW_ROW_KEY) === r.id;
  const edit = (next: Editing) => {
    setEditing(next);
    setExpanded((keys) => (keys.includes(next.id ?? NEW_ROW_KEY) ? keys : [...keys, next.id ?? NEW_ROW_KEY]));
  };

  // A phone shows the name and the actions; the colour and the preview in each row's details, opened by Edit.
  const layout = useResponsiveColumns<Row>([
    {
      title: t('Admin_Training_Category_Name'),
      dataIndex: 'name',
      key: 'name',
      render: (name: string, r) =>
        isEditing(r) && editing ? (
          <Input
            aria-label={t('Admin_Training_Category_Name')}
            value={editing.name}
            maxLength={50}
            autoFocus
            onChange={(e) => setEditing({ ...editing, name: e.target.value })}
            onPressEnter={() => void save()}
            style={{ width: 150 }}
          />
        ) : (
          name
        ),
    },
    {
      title: t('Admin_Training_Category_Color'),
      dataIndex: 'color',
      key: 'color',
      from: 'tablet',
      width: 150,
      render: (color: string, r) =>
        isEditing(r) && editing ? (
          <ColorPicker
            aria-label={t('Admin_Training_Category_Color')}
            value={editing.color}
            format="hex"
            disabledAlpha
            showText
            onChange={(c) => setEditing({ ...editing, color: c.toHexString() })}
          />
        ) : (
          <Space size={6} align="center">
            <span
              aria-hidden
              style={{ display: 'inline-block', width: 16, height: 16, borderRadius: 3, background: color }}
            />
            <code>{color}</code>
          </Space>
        ),
    },
    {
      title: t('Admin_Training_Category_Preview'),
      key: 'preview',
      from: 'tablet',
      width: 140,
      render: (_, r) => {
        const v = isEditing(r) && editing ? editing : r;
        return v.name.trim() ? <Tag color={v.color}>{v.name}</Tag> : null;
      },
    },
    {
      title: t('Admin_Training_Option'),
      key: 'option',
      width: 170,
      render: (_, r) =>
        isEditing(r) ? (
          <Space>
            <Button size="small" type="primary" loading={busy} onClick={() => void save()}>
              {t('Admin_Training_Save')}
            </Button>
            <Button size="small" onClick={() => setEditing(null)}>
              {t('Admin_Training_Cancel')}
            </Button>
          </Space>
        ) : (
          <Space>
            <Button
              size="small"
              aria-label={`${t('Admin_Training_Edit_Action')} ${r.name}`}
              onClick={() => edit({ id: r.id, name: r.name, color: r.color })}
            >
              {t('Admin_Training_Edit_Action')}
            </Button>
            <Popconfirm
              title={t('Admin_Training_Delete_Category_Confirm')}
              onConfirm={() =>
                void run(() => api.call(contract.deleteTrainingCategory, { cid: r.id }), 'Admin_Training_Deleted')
              }
            >
              <Button size="small" danger aria-label={`${t('Admin_Training_Delete')} ${r.name}`}>
                {t('Admin_Training_Delete')}
              </Button>
            </Popconfirm>
          </Space>
        ),
    },
  ]);

  return (
    <Panel
      title={t('Admin_Training_Category')}
      extra={
        <Button
          type="primary"
          disabled={editing?.id === null}
          onClick={() => edit({ id: null, name: '', color: DEFAULT_COLOR })}
        >
          {t('Admin_Training_Add_Category')}
        </Button>
      }
    >
      <Table<Row>
        rowKey="id"
        loading={categories.isFetching}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: t('Admin_Training_No_Category_Rows') }}
        {...layout}
        // The row being edited shows its colour picker on a phone too, where the colour is in the details.
        expandable={
          layout.expandable && {
            ...layout.expandable,
            expandedRowKeys: expanded,
            onExpandedRowsChange: (keys) => setExpanded([...keys]),
          }
        }
      />
    </Panel>
  );
};

export default AdminTrainingCategoryPage;
