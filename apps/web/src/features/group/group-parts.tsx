import { EyeInvisibleOutlined, LockOutlined, TeamOutlined } from '@ant-design/icons';
import type { Group } from '@oj/shared';
import { group as contract } from '@oj/shared';
import { Avatar, Button, Form, Input, Select, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkdownView } from '../../components/markdown-view';
import { ApiError } from '../../lib/http-client';
import { authLabelKey, codeOk, lengthOk } from './group-model';

const { GROUP_AUTH, GROUP_LIMITS } = contract;

/** The message of a failed call, to show inside a dialog or form (the call itself stays silent). */
export const errorText = (err: unknown) =>
  err instanceof ApiError || err instanceof Error ? err.message : String(err);

/** Public green, protected orange, private red with a lock. */
export const GroupAuthTag = ({ auth }: { auth: number }) => {
  const { t } = useTranslation('group');
  const color = auth === GROUP_AUTH.PUBLIC ? 'green' : auth === GROUP_AUTH.PROTECTED ? 'orange' : 'red';
  return (
    <Tag color={color} icon={auth === GROUP_AUTH.PUBLIC ? undefined : <LockOutlined />} style={{ marginInlineEnd: 0 }}>
      {t(authLabelKey(auth))}
    </Tag>
  );
};

export const GroupHiddenTag = () => {
  const { t } = useTranslation('group');
  return (
    <Tag icon={<EyeInvisibleOutlined />} style={{ marginInlineEnd: 0 }}>
      {t('Group_Hidden')}
    </Tag>
  );
};

/** The group's avatar, or the first letters of its short name. */
export const GroupAvatar = ({ group, size }: { group: Pick<Group, 'avatar' | 'shortName'>; size: number }) => (
  <Avatar
    shape="square"
    size={size}
    src={group.avatar || undefined}
    icon={group.shortName ? undefined : <TeamOutlined />}
    style={{ flex: 'none', background: group.avatar ? undefined : '#1677ff' }}
  >
    {group.shortName.slice(0, 2).toUpperCase()}
  </Avatar>
);

/** A markdown text area with a preview toggle (the group forms; no upload: group roots need not be site admins). */
export const MarkdownInput = ({
  id,
  value,
  onChange,
  rows = 8,
  label,
}: {
  id?: string;
  value?: string;
  onChange?: (v: string) => void;
  rows?: number;
  label: string;
}) => {
  const { t } = useTranslation('group');
  const [preview, setPreview] = useState(false);
  return (
    <div>
      <Button size="small" onClick={() => setPreview((p) => !p)} style={{ marginBottom: 4 }}>
        {t(preview ? 'Group_Edit_Text' : 'Group_Preview')}
      </Button>
      {preview ? (
        <section aria-label={`${label} ${t('Group_Preview')}`} className="oj-group-preview">
          <MarkdownView source={value ?? ''} />
        </section>
      ) : (
        <Input.TextArea id={id} rows={rows} value={value} onChange={(e) => onChange?.(e.target.value)} />
      )}
    </div>
  );
};

export interface GroupFormValues {
  name: string;
  shortName: string;
  brief: string;
  auth: number;
  code?: string | null;
  description: string;
  visible: boolean;
  banned?: boolean;
}

export const groupFormInitial = (g?: Group): GroupFormValues => ({
  name: g?.name ?? '',
  shortName: g?.shortName ?? '',
  brief: g?.brief ?? '',
  auth: g?.auth ?? GROUP_AUTH.PUBLIC,
  code: g?.code ?? '',
  description: g?.description ?? '',
  visible: g?.visible ?? true,
  banned: g ? g.status === contract.GROUP_STATUS.BANNED : false,
});

/** The body of create and update: trimmed texts, and no code for a public group. */
export const groupBody = (v: GroupFormValues) => ({
  name: v.name.trim(),
  shortName: v.shortName.trim(),
  brief: v.brief.trim(),
  description: v.description.trim(),
  auth: v.auth as 1 | 2 | 3,
  code: v.auth === GROUP_AUTH.PUBLIC ? undefined : (v.code ?? '').trim(),
  visible: v.visible,
});

/** antd rule: the trimmed text within the server's limits. */
const lengthRule = (range: readonly [number, number], message: string) => ({
  validator: (_: unknown, v: string | undefined) =>
    lengthOk(v, range) ? Promise.resolve() : Promise.reject(new Error(message)),
});

const AUTH_CHOICES = [
  { value: GROUP_AUTH.PUBLIC, label: 'Group_Public', tip: 'Group_Auth_Public_Tip' },
  { value: GROUP_AUTH.PROTECTED, label: 'Group_Protected', tip: 'Group_Auth_Protected_Tip' },
  { value: GROUP_AUTH.PRIVATE, label: 'Group_Private', tip: 'Group_Auth_Private_Tip' },
] as const;

/** The fields of the group form, shared by the create dialog and the setting tab. */
export const GroupFormFields = ({ superAdmin = false }: { superAdmin?: boolean }) => {
  const { t } = useTranslation('group');
  const auth = Form.useWatch<number | undefined>('auth');
  const authTip = AUTH_CHOICES.find((c) => c.value === auth)?.tip;
  /** A short placeholder ("5 to 25 characters"): the full sentence was cut off on a phone. */
  const lengthHint = ([min, max]: readonly [number, number]) => t('Group_Length_Hint', { min, max });
  return (
    <>
      <Form.Item
        name="name"
        label={t('Group_Name')}
        required
        rules={[lengthRule(GROUP_LIMITS.name, t('Group_Name_Length'))]}
      >
        <Input placeholder={lengthHint(GROUP_LIMITS.name)} />
      </Form.Item>
      <Form.Item
        name="shortName"
        label={t('Group_Short_Name')}
        required
        rules={[lengthRule(GROUP_LIMITS.shortName, t('Group_Short_Name_Length'))]}
      >
        <Input placeholder={lengthHint(GROUP_LIMITS.shortName)} />
      </Form.Item>
      <Form.Item
        name="brief"
        label={t('Group_Brief')}
        required
        rules={[lengthRule(GROUP_LIMITS.brief, t('Group_Brief_Length'))]}
      >
        <Input placeholder={lengthHint(GROUP_LIMITS.brief)} />
      </Form.Item>
      <Form.Item
        name="auth"
        label={t('Group_Auth')}
        rules={[{ required: true, message: t('Group_Auth_Required') }]}
        // The tip under the field, not in the chosen value: a long tip was cut off on a phone.
        extra={authTip ? t(authTip) : undefined}
      >
        <Select
          options={AUTH_CHOICES.map((c) => ({ value: c.value, label: t(c.label), tip: t(c.tip) }))}
          optionRender={(option) => (
            <span style={{ display: 'block', whiteSpace: 'normal' }}>
              {option.label}
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                {option.data.tip}
              </Typography.Text>
            </span>
          )}
        />
      </Form.Item>
      <Form.Item noStyle dependencies={['auth']}>
        {({ getFieldValue }) =>
          getFieldValue('auth') !== GROUP_AUTH.PUBLIC && (
            <Form.Item
              name="code"
              label={t('Group_Code')}
              required
              rules={[
                {
                  validator: (_: unknown, v: string | undefined) =>
                    codeOk(getFieldValue('auth'), v)
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('Group_Code_Length'))),
                },
              ]}
            >
              <Input placeholder={t('Group_Code_Placeholder')} autoComplete="off" />
            </Form.Item>
          )
        }
      </Form.Item>
      <Form.Item
        name="description"
        label={t('Group_Description')}
        required
        rules={[lengthRule(GROUP_LIMITS.description, t('Group_Description_Length'))]}
      >
        <MarkdownInput label={t('Group_Description')} />
      </Form.Item>
      <div style={{ display: 'flex', flexWrap: 'wrap', columnGap: 32 }}>
        <Form.Item name="visible" label={t('Group_Visible')} valuePropName="checked" tooltip={t('Group_Visible_Tip')}>
          <Switch />
        </Form.Item>
        {superAdmin && (
          <Form.Item name="banned" label={t('Group_Banned')} valuePropName="checked" tooltip={t('Group_Banned_Tip')}>
            <Switch />
          </Form.Item>
        )}
      </div>
    </>
  );
};
