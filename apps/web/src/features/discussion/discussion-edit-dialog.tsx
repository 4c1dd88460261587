import {
  discussion as contract,
  type Discussion,
  type DiscussionCategory,
  groupDiscussion,
  type Input as InputOf,
} from '@oj/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Select, Space, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkdownView } from '../../components/markdown-view';
import { api } from '../../lib/api';
import { useSession } from '../../lib/auth-store';
import { toast } from '../../lib/notify';
import { useApiMutation } from '../../lib/use-api-mutation';
import {
  categoryLabel,
  DISCUSSION_FIELD_MAX,
  type DiscussionDraft,
  type DiscussionField,
  type DiscussionGroup,
  discussionDrafts,
  discussionFieldError,
  emptyDraft,
  prefixProblemTitle,
} from './discussion-model';
import { newPostPlace, POST_PERMISSION_KEY, PostRefusalNotice, usePostRefusal } from './post-permission';
import '../../components/post-markdown.css';
import './discussion.css';

export type DiscussionDialogState =
  | { mode: 'create' /** The problem of /discussion/:problemID, fixed in the form. */; pid?: string }
  | { mode: 'edit'; discussion: Discussion }
  | null;

const draftPlace = (pid?: string, gid?: number) => `${gid ? `group:${gid}:` : ''}${pid ? `problem:${pid}` : 'general'}`;

/** A group's dialog fills the screen. */
const FULL_SCREEN = {
  style: { top: 0, maxWidth: '100vw', margin: 0, paddingBottom: 0 },
  styles: { container: { minHeight: '100vh', borderRadius: 0 } },
} as const;

/** A markdown text area with a write / preview switch (the dialog's content field). */
const MarkdownInput = ({
  value,
  onChange,
  label,
}: {
  value?: string;
  onChange?: (v: string) => void;
  label: string;
}) => {
  const { t } = useTranslation('discussion');
  const [preview, setPreview] = useState(false);
  return (
    <div>
      <Space style={{ marginBottom: 4 }}>
        <Button size="small" type={preview ? 'default' : 'primary'} onClick={() => setPreview(false)}>
          {t('Discussion_Write')}
        </Button>
        <Button size="small" type={preview ? 'primary' : 'default'} onClick={() => setPreview(true)}>
          {t('Discussion_Preview')}
        </Button>
      </Space>
      {preview ? (
        <section
          aria-label={`${label} ${t('Discussion_Preview')}`}
          className="oj-post-markdown oj-discussion__content"
          style={{ border: '1px solid #eee', borderRadius: 6, padding: 8, minHeight: 120, overflowX: 'auto' }}
        >
          {value?.trim() ? (
            <MarkdownView source={value} />
          ) : (
            <Typography.Text type="secondary">{t('Discussion_Nothing_To_Preview')}</Typography.Text>
          )}
        </section>
      ) : (
        <Input.TextArea
          aria-label={label}
          value={value}
          onChange={(e) => onChange?.(e.target.value)}
          autoSize={{ minRows: 8, maxRows: 20 }}
        />
      )}
    </div>
  );
};

/** Create or edit a discussion. A cancelled create keeps its draft for the next opening. In a
 * group the dialog fills the screen, posts to the group's calls with its gid, and the group's admins
 * set top priority. */
export const DiscussionEditDialog = ({
  state,
  categories,
  group,
  onClose,
  onSaved,
}: {
  state: DiscussionDialogState;
  categories: DiscussionCategory[];
  group?: DiscussionGroup;
  onClose: () => void;
  onSaved: (d: Discussion) => void;
}) => {
  const { t } = useTranslation('discussion');
  const { isAdmin: siteAdmin } = useSession();
  const isAdmin = group ? group.admin : siteAdmin;
  const [form] = Form.useForm<DiscussionDraft>();
  const [draftShown, setDraftShown] = useState(false);
  const creating = state?.mode === 'create';
  const fixedPid = state?.mode === 'create' ? state.pid : undefined;
  const place = draftPlace(fixedPid, group?.gid);
  // A new post says at once when the caller may not post here, and why; the post button waits for that to change.
  const refusal = usePostRefusal(newPostPlace(group?.gid), creating);
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!state) return;
    if (state.mode === 'edit') {
      const d = state.discussion;
      form.setFieldsValue({
        title: d.title,
        description: d.description,
        content: d.content ?? '',
        categoryId: d.categoryId,
        pid: d.pid ?? '',
        topPriority: d.topPriority,
      });
      setDraftShown(false);
      return;
    }
    const draft = discussionDrafts.get(place);
    form.resetFields();
    form.setFieldsValue(draft ? { ...draft, pid: fixedPid ?? draft.pid } : emptyDraft(fixedPid ?? ''));
    setDraftShown(!!draft);
  }, [state, form, place, fixedPid]);

  const fieldLabel: Record<DiscussionField, string> = {
    title: t('Discussion_Title'),
    description: t('Discussion_Description'),
    content: t('Discussion_Content'),
  };
  const rule = (field: DiscussionField) => ({
    validator: (_: unknown, value: string | undefined) => {
      const error = discussionFieldError(field, value);
      if (!error) return Promise.resolve();
      return Promise.reject(
        new Error(
          error.rule === 'required'
            ? t('Discussion_is_required', { field: fieldLabel[field] })
            : t('Discussion_Can_not_exceed', { max: error.max }),
        ),
      );
    },
  });

  const cancel = () => {
    if (creating) discussionDrafts.keep(place, { ...emptyDraft(fixedPid ?? ''), ...form.getFieldsValue(true) });
    onClose();
  };

  // A refusal keeps the form with what was typed.
  const save = useApiMutation({
    mutationFn: ({ body, id }: { body: InputOf<typeof contract.createDiscussion>; id?: number }) => {
      if (id === undefined) {
        return group
          ? api.call(groupDiscussion.createGroupDiscussion, { ...body, gid: group.gid })
          : api.call(contract.createDiscussion, body);
      }
      return group
        ? api.call(groupDiscussion.updateGroupDiscussion, { ...body, gid: group.gid, id })
        : api.call(contract.updateDiscussion, { ...body, id });
    },
    onSuccess: (saved, { id }) => {
      if (id === undefined) {
        discussionDrafts.discard(place);
        // The day's posts may be used up now.
        void queryClient.invalidateQueries({ queryKey: POST_PERMISSION_KEY });
        toast.success(t('Post_successfully'));
      } else toast.success(t('Discussion_Update_Successfully'));
      onSaved(saved);
    },
  });

  const submit = (values: DiscussionDraft) => {
    if (!state || (creating && refusal)) return;
    const pid = (fixedPid ?? values.pid ?? '').trim();
    const title = creating ? prefixProblemTitle(values.title, pid) : values.title.trim();
    if (title.length > DISCUSSION_FIELD_MAX.title) {
      form.setFields([
        { name: 'title', errors: [t('Discussion_Can_not_exceed', { max: DISCUSSION_FIELD_MAX.title })] },
      ]);
      return;
    }
    const body = {
      title,
      description: values.description.trim(),
      content: values.content,
      categoryId: values.categoryId as number,
      pid: pid || null,
      // Only admins set top priority; the server ignores anyone else's value anyway.
      ...(isAdmin ? { topPriority: !!values.topPriority } : {}),
    };
    save.mutate({ body, id: state.mode === 'create' ? undefined : state.discussion.id });
  };

  return (
    <Modal
      open={!!state}
      title={t(creating ? 'Discussion_Create' : 'Discussion_Edit')}
      width={group ? '100%' : 760}
      style={group ? FULL_SCREEN.style : undefined}
      styles={group ? FULL_SCREEN.styles : undefined}
      onCancel={cancel}
      mask={{ closable: false }}
      footer={[
        creating && draftShown ? (
          <Button
            key="discard"
            type="link"
            onClick={() => {
              discussionDrafts.discard(place);
              form.setFieldsValue(emptyDraft(fixedPid ?? ''));
              setDraftShown(false);
            }}
          >
            {t('Discussion_Discard_Draft')}
          </Button>
        ) : null,
        <Button key="cancel" onClick={cancel}>
          {t('Discussion_Cancel')}
        </Button>,
        <Button
          key="ok"
          type="primary"
          loading={save.isPending}
          disabled={creating && !!refusal}
          onClick={() => form.submit()}
        >
          {t(creating ? 'Discussion_Submit' : 'Discussion_Save')}
        </Button>,
      ]}
    >
      {creating && refusal && <PostRefusalNotice text={refusal} />}
      {creating && draftShown && (
        <Typography.Paragraph type="secondary">{t('Discussion_Draft_Kept')}</Typography.Paragraph>
      )}
      <Form form={form} layout="vertical" onFinish={submit} preserve>
        <Form.Item name="title" label={fieldLabel.title} rules={[rule('title')]} required>
          <Input aria-label={fieldLabel.title} />
        </Form.Item>
        <Form.Item name="description" label={fieldLabel.description} rules={[rule('description')]} required>
          <Input aria-label={fieldLabel.description} />
        </Form.Item>
        <Space wrap align="start" size={[16, 0]} style={{ width: '100%' }}>
          <Form.Item
            name="categoryId"
            label={t('Discussion_Category')}
            required
            rules={[{ required: true, message: t('Discussion_is_required', { field: t('Discussion_Category') }) }]}
          >
            <Select
              aria-label={t('Discussion_Category')}
              placeholder={t('Discussion_Choose_Category')}
              style={{ width: 200, maxWidth: '100%' }}
              options={categories.map((c) => ({ value: c.id, label: categoryLabel(c.name, t) }))}
            />
          </Form.Item>
          <Form.Item name="pid" label={t('Discussion_Problem_ID')}>
            <Input
              aria-label={t('Discussion_Problem_ID')}
              disabled={!!fixedPid || !creating}
              style={{ width: 200, maxWidth: '100%' }}
            />
          </Form.Item>
          {isAdmin && (
            <Form.Item name="topPriority" label={t('Discussion_Top_Priority')} valuePropName="checked">
              <Switch aria-label={t('Discussion_Top_Priority')} />
            </Form.Item>
          )}
        </Space>
        <Form.Item name="content" label={fieldLabel.content} rules={[rule('content')]} required>
          <MarkdownInput label={fieldLabel.content} />
        </Form.Item>
      </Form>
    </Modal>
  );
};
