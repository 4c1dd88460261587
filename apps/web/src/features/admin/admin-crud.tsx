import type { Page } from '@oj/shared';
import { type QueryKey, useQuery } from '@tanstack/react-query';
import { Button, Form, type FormInstance, Modal, Table } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverPaging } from '../../components/paging';
import { Panel } from '../../components/panel';
import { type ColumnFrom, type ResponsiveColumn, useResponsiveColumns } from '../../components/responsive-table';
import { toast } from '../../lib/notify';
import { useApiMutation } from '../../lib/use-api-mutation';
import { EditDeleteActions } from './edit-delete-actions';

/**
 * The shape the admin CRUD screens share (announcements, notices, tags, contest announcements, other contests): a
 * paged list, a dialog that creates or edits one row, and a delete. Saves and deletes are mutations: the HTTP
 * client has shown a failure, and the dialog stays open for another try; a success says so, closes the dialog and
 * refetches what `listKey` starts.
 */
export const useAdminCrud = <Row, Values>(opts: {
  /** The start of every query key the list's pages use: invalidated after a save or a delete. */
  listKey: QueryKey;
  /** Only when the screen lists pages itself (AdminCrudTable). */
  fetchPage?: (currentPage: number) => Promise<Page<Row>>;
  /** Create (editing has no id) or update (editing is the row). */
  save: (values: Values, editing: Partial<Row>) => Promise<unknown>;
  /** The text of a successful save; by default "updated" for a row, "added" for a new one. */
  savedText?: (editing: Partial<Row>) => string;
  remove?: (row: Row) => Promise<unknown>;
  /** The text of a successful delete; none says nothing. */
  removedText?: string;
}) => {
  const { t } = useTranslation(['admin', 'submission', 'user']);
  const [currentPage, setPage] = useState(1);
  const [editing, setEditing] = useState<Partial<Row>>();
  const fetchPage = opts.fetchPage;
  const list = useQuery({
    queryKey: [...opts.listKey, currentPage],
    queryFn: () => (fetchPage as (page: number) => Promise<Page<Row>>)(currentPage),
    enabled: !!fetchPage,
  });
  const save = useApiMutation({
    mutationFn: ({ values, row }: { values: Values; row: Partial<Row> }) => opts.save(values, row),
    invalidates: [opts.listKey],
    onSuccess: (_data, { row }) => {
      toast.success(
        opts.savedText
          ? opts.savedText(row)
          : t((row as { id?: unknown }).id ? 'Update_Successfully' : 'Add_Successfully'),
      );
      setEditing(undefined);
    },
  });
  const remove = useApiMutation({
    mutationFn: (row: Row) => (opts.remove ? opts.remove(row) : Promise.resolve()),
    invalidates: [opts.listKey],
    onSuccess: () => {
      if (opts.removedText) toast.success(opts.removedText);
    },
  });
  return {
    list,
    currentPage,
    setPage,
    editing,
    /** Opens the dialog on a row, or on a new one (`{}`); undefined closes it. */
    setEditing,
    submit: (values: Values) => editing && save.mutate({ values, row: editing }),
    saving: save.isPending,
    remove: (row: Row) => remove.mutate(row),
  };
};

export type AdminCrud<Row, Values> = ReturnType<typeof useAdminCrud<Row, Values>>;

/** The panel of an admin CRUD screen: its title, and the button that opens the dialog on a new row. */
export const AdminCrudPanel = <Row, Values>({
  crud,
  title,
  children,
}: {
  crud: AdminCrud<Row, Values>;
  title: string;
  children: ReactNode;
}) => {
  const { t } = useTranslation(['admin', 'submission', 'user']);
  return (
    <Panel
      title={title}
      extra={
        <Button type="primary" onClick={() => crud.setEditing({})}>
          {t('Create')}
        </Button>
      }
    >
      {children}
    </Panel>
  );
};

/** The list of an admin CRUD screen: a paged table whose last column edits or deletes the row. Each column says from
 * which screen width it shows (components/responsive-table.tsx); the edit and delete buttons are in a phone's row
 * details unless `actions.from` says otherwise. */
export const AdminCrudTable = <Row extends object>({
  crud,
  columns,
  pageSize,
  actions,
  size,
  loading,
  emptyText,
}: {
  crud: AdminCrud<Row, never>;
  columns: ResponsiveColumn<Row>[];
  pageSize: number;
  /** The action column's title ("Actions" by default), width and narrowest screen (tablet by default). */
  actions?: { title?: string; width?: number; from?: ColumnFrom };
  size?: 'small';
  /** The table shows its spinner while the first page loads, or (`fetching`) on every fetch. */
  loading?: 'first' | 'fetching';
  emptyText?: string;
}) => {
  const { t } = useTranslation(['admin', 'submission', 'user']);
  const layout = useResponsiveColumns<Row>([
    ...columns,
    {
      title: actions?.title ?? t('Option'),
      key: 'option',
      width: actions?.width,
      from: actions?.from ?? 'tablet',
      render: (_, row) => <EditDeleteActions onEdit={() => crud.setEditing(row)} onDelete={() => crud.remove(row)} />,
    },
  ]);
  return (
    <Table<Row>
      rowKey="id"
      size={size}
      loading={loading === 'fetching' ? crud.list.isFetching : crud.list.isLoading}
      dataSource={crud.list.data?.records ?? []}
      locale={emptyText === undefined ? undefined : { emptyText }}
      pagination={serverPaging(crud.currentPage, pageSize, crud.list.data?.total, crud.setPage)}
      {...layout}
    />
  );
};

/** The dialog of an admin CRUD screen: a vertical form of `children` and its Save button, open while a row (or a
 * new one) is being edited. */
export const AdminFormModal = <Values extends object>({
  open,
  title,
  initialValues,
  onCancel,
  onFinish,
  saving,
  form,
  children,
}: {
  open: boolean;
  title: string;
  initialValues: Partial<Values>;
  onCancel: () => void;
  onFinish: (values: Values) => void;
  saving: boolean;
  form?: FormInstance<Values>;
  children: ReactNode;
}) => {
  const { t } = useTranslation(['admin', 'submission', 'user']);
  if (!open) return null;
  return (
    <Modal open title={title} footer={null} onCancel={onCancel} destroyOnHidden>
      <Form<Values> form={form} layout="vertical" initialValues={initialValues} onFinish={onFinish}>
        {children}
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('Save')}
        </Button>
      </Form>
    </Modal>
  );
};

/** AdminFormModal bound to a screen's useAdminCrud. */
export const AdminCrudModal = <Row, Values extends object>({
  crud,
  title,
  initialValues,
  form,
  children,
}: {
  crud: AdminCrud<Row, Values>;
  title: (editing: Partial<Row>) => string;
  initialValues: (editing: Partial<Row>) => Partial<Values>;
  form?: FormInstance<Values>;
  children: ReactNode;
}) => {
  const { editing } = crud;
  return (
    <AdminFormModal<Values>
      open={!!editing}
      title={editing ? title(editing) : ''}
      initialValues={editing ? initialValues(editing) : {}}
      onCancel={() => crud.setEditing(undefined)}
      onFinish={crud.submit}
      saving={crud.saving}
      form={form}
    >
      {children}
    </AdminFormModal>
  );
};
