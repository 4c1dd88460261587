import { adminTag, problem, type Tag as TagRow } from '@oj/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, InputNumber, Popconfirm, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../../components/panel';
import { api } from '../../../lib/api';
import { toast } from '../../../lib/notify';
import { queryKey } from '../../../lib/query-keys';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { AdminFormModal } from '../admin-crud';

/** The tag banks: the site's own ('ME' on the wire, named as the problem list names it) and the remote judges. */
const TAG_BANKS = ['ME', ...problem.REMOTE_OJS] as const;

type TagForm = { id?: number; name: string; color: string; tcid: number | null };
type ClassForm = { id?: number; name: string; rank: number };

/** /admin/problem/tag: tags and their classifications per OJ, with colours (root and problem_admin). */
const AdminTagPage = () => {
  const { t } = useTranslation(['admin', 'problem', 'submission']);
  const queryClient = useQueryClient();
  const [oj, setOj] = useState('ME');
  const [tagForm, setTagForm] = useState<TagForm>();
  const [classForm, setClassForm] = useState<ClassForm>();
  const panel = useQuery({
    // Apart from the problem list's cache of the same read.
    queryKey: queryKey(problem.getProblemTagsAndClassification, 'admin', oj),
    queryFn: () => api.call(problem.getProblemTagsAndClassification, { oj }),
  });
  const classes = useQuery({
    queryKey: queryKey(adminTag.getTagClassification, oj),
    queryFn: () => api.call(adminTag.getTagClassification, { oj }),
  });
  // Every change: a success says so, closes its dialog and refetches every list (the problem pages show tags
  // too); a failure the HTTP client has shown, and the dialog stays open.
  const change = useApiMutation({
    mutationFn: ({ call }: { call: () => Promise<unknown>; done: () => void }) => call(),
    onSuccess: (_data, { done }) => {
      toast.success(t('Update_Successfully'));
      done();
      void queryClient.invalidateQueries();
    },
  });
  const run = (call: () => Promise<unknown>, done: () => void) => change.mutate({ call, done });
  const saveTag = (v: TagForm) =>
    run(
      () =>
        tagForm?.id
          ? api.call(adminTag.updateTag, { id: tagForm.id, name: v.name, color: v.color ?? '', oj, tcid: v.tcid })
          : api.call(adminTag.addTag, { name: v.name, color: v.color ?? '', oj, tcid: v.tcid }),
      () => setTagForm(undefined),
    );
  const saveClass = (v: ClassForm) =>
    run(
      () =>
        classForm?.id
          ? api.call(adminTag.updateTagClassification, { id: classForm.id, name: v.name, rank: v.rank, oj })
          : api.call(adminTag.addTagClassification, { name: v.name, rank: v.rank, oj }),
      () => setClassForm(undefined),
    );

  return (
    <Panel
      title={t('Admin_Tags')}
      extra={
        <Space wrap>
          <Select
            aria-label={t('OJ')}
            value={oj}
            onChange={setOj}
            style={{ minWidth: 100 }}
            options={TAG_BANKS.map((v) => ({ value: v, label: v === 'ME' ? t('Mine') : v }))}
          />
          <Button onClick={() => setClassForm({ name: '', rank: 0 })}>{t('Add_Classification')}</Button>
          <Button type="primary" onClick={() => setTagForm({ name: '', color: '#409EFF', tcid: null })}>
            {t('Add_Tag')}
          </Button>
        </Space>
      }
    >
      {(panel.data ?? []).map((group) => (
        <section key={group.classification?.id ?? 0} style={{ marginBottom: 16 }}>
          <Space>
            <strong>{group.classification?.name ?? t('No_Classification')}</strong>
            {group.classification && (
              <>
                <Button
                  size="small"
                  type="link"
                  aria-label={`${t('Edit')} ${group.classification.name}`}
                  onClick={() => {
                    const c = classes.data?.find((x) => x.id === group.classification?.id);
                    if (c) setClassForm({ id: c.id, name: c.name, rank: c.rank });
                  }}
                >
                  {t('Edit')}
                </Button>
                <Popconfirm
                  title={t('Delete')}
                  onConfirm={() =>
                    run(
                      () => api.call(adminTag.deleteTagClassification, { tcid: group.classification?.id as number }),
                      () => {},
                    )
                  }
                >
                  <Button size="small" type="link" danger>
                    {t('Delete')}
                  </Button>
                </Popconfirm>
              </>
            )}
          </Space>
          <div style={{ marginTop: 8 }}>
            {group.tagList.map((tag: TagRow) => (
              <Tag
                key={tag.id}
                color={tag.color ?? undefined}
                closable
                onClose={(e) => {
                  e.preventDefault();
                  run(
                    () => api.call(adminTag.deleteTag, { tid: tag.id }),
                    () => {},
                  );
                }}
                onClick={() => setTagForm({ id: tag.id, name: tag.name, color: tag.color ?? '', tcid: tag.tcid })}
                style={{ cursor: 'pointer', marginBottom: 4 }}
              >
                {tag.name}
              </Tag>
            ))}
          </div>
        </section>
      ))}
      <AdminFormModal<TagForm>
        open={!!tagForm}
        title={t(tagForm?.id ? 'Edit' : 'Add_Tag')}
        initialValues={tagForm ?? {}}
        onCancel={() => setTagForm(undefined)}
        onFinish={saveTag}
        saving={change.isPending}
      >
        <Form.Item name="name" label={t('Tag_Name')} rules={[{ required: true, max: 50 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="color" label={t('Color')} rules={[{ pattern: /^(#[0-9a-fA-F]{3,8})?$/ }]}>
          <Input type="color" style={{ width: 80 }} />
        </Form.Item>
        <Form.Item name="tcid" label={t('Classification')}>
          <Select allowClear options={(classes.data ?? []).map((c) => ({ value: c.id, label: c.name }))} />
        </Form.Item>
      </AdminFormModal>
      <AdminFormModal<ClassForm>
        open={!!classForm}
        title={t(classForm?.id ? 'Edit' : 'Add_Classification')}
        initialValues={classForm ?? {}}
        onCancel={() => setClassForm(undefined)}
        onFinish={saveClass}
        saving={change.isPending}
      >
        <Form.Item name="name" label={t('Name')} rules={[{ required: true, max: 50 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="rank" label={t('Rank_Order')}>
          <InputNumber min={0} />
        </Form.Item>
      </AdminFormModal>
    </Panel>
  );
};

export default AdminTagPage;
