import { group as contract } from '@oj/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, InputNumber, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AvatarUpload } from '../../components/avatar-upload';
import { api } from '../../lib/api';
import { toast } from '../../lib/notify';
import { queryKey } from '../../lib/query-keys';
import { type GroupContext, useGroupContext } from './group-context';
import { checkGroupAvatar, GROUP_AVATAR, GROUP_AVATAR_TYPES } from './group-model';
import {
  errorText,
  GroupAvatar,
  GroupFormFields,
  type GroupFormValues,
  groupBody,
  groupFormInitial,
} from './group-parts';

const { GROUP_STATUS, MIN_AC_TO_POST_MAX } = contract;

/** The settings form: the group form and the group's own threshold for posting (empty: the site's). */
type SettingValues = GroupFormValues & { minAcToPost?: number | null };

/** The group's threshold of accepted problems for posting in its discussions: a whole number from 0, or empty for the
 * site's value (decision 0042). */
const MinAcToPostField = () => {
  const { t } = useTranslation('group');
  return (
    <Form.Item
      name="minAcToPost"
      label={t('Group_Min_Ac_To_Post')}
      extra={t('Group_Min_Ac_To_Post_Help')}
      rules={[
        {
          validator: (_: unknown, v: number | null | undefined) =>
            v === null || v === undefined || (Number.isInteger(v) && v >= 0 && v <= MIN_AC_TO_POST_MAX)
              ? Promise.resolve()
              : Promise.reject(new Error(t('Group_Min_Ac_To_Post_Invalid'))),
        },
      ]}
    >
      <InputNumber aria-label={t('Group_Min_Ac_To_Post')} min={0} max={MIN_AC_TO_POST_MAX} precision={0} />
    </Form.Item>
  );
};

/** The cropped image as a 200 x 200 png (quality 0.8), whatever size the cropper produced. */
export const toAvatarPng = async (file: File): Promise<File> => {
  const url = URL.createObjectURL(file);
  try {
    const image = await new Promise<HTMLImageElement>((resolve, reject) => {
      const img = new Image();
      img.onload = () => resolve(img);
      img.onerror = () => reject(new Error('image'));
      img.src = url;
    });
    const canvas = document.createElement('canvas');
    canvas.width = GROUP_AVATAR.size;
    canvas.height = GROUP_AVATAR.size;
    canvas.getContext('2d')?.drawImage(image, 0, 0, GROUP_AVATAR.size, GROUP_AVATAR.size);
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, GROUP_AVATAR.type, GROUP_AVATAR.quality),
    );
    if (!blob) return file;
    const name = `${file.name.replace(/\.[^.]*$/, '') || 'avatar'}.png`;
    return new File([blob], name, { type: GROUP_AVATAR.type });
  } finally {
    URL.revokeObjectURL(url);
  }
};

/** The avatar: type and size checked before the cropper opens and again before the upload. */
const GroupAvatarUpload = ({ context }: { context: GroupContext }) => {
  const { t } = useTranslation('group');
  const queryClient = useQueryClient();
  const upload = async (file: File) => {
    const form = new FormData();
    form.append('image', file, file.name);
    // The gid goes in the query, where the server decides who may upload before it reads the image.
    const endpoint = contract.uploadGroupAvatar;
    await api.upload({ ...endpoint, path: `${endpoint.path}?gid=${context.gid}` }, form);
    toast.success(t('Group_Avatar_Uploaded'));
    void queryClient.invalidateQueries({ queryKey: queryKey(contract.getGroupList) });
    context.reload();
  };
  return (
    <Space align="center" size={16} wrap style={{ marginBottom: 24 }}>
      <GroupAvatar group={context.group} size={96} />
      <AvatarUpload
        crop={{
          aspect: 1,
          quality: GROUP_AVATAR.quality,
          modalTitle: t('Group_Crop_Avatar'),
          modalOk: t('Group_Confirm'),
          modalCancel: t('Group_Cancel'),
          // A wrong file never reaches the cropper; beforeUpload then refuses it with the message.
          beforeCrop: (file) => checkGroupAvatar(file) === null,
        }}
        types={GROUP_AVATAR_TYPES}
        beforeUpload={async (file) => {
          const error = checkGroupAvatar(file);
          if (error) {
            toast.error(t(error, { name: file.name }));
            return Upload.LIST_IGNORE;
          }
          const png = await toAvatarPng(file);
          if (checkGroupAvatar(png)) {
            toast.error(t('Group_Avatar_Too_Large', { name: file.name }));
            return Upload.LIST_IGNORE;
          }
          return png;
        }}
        upload={upload}
        label={t('Group_Upload_Avatar')}
        hint={t('Group_Avatar_Hint')}
      />
    </Space>
  );
};

/** The setting tab (group root): the avatar and the group form; the super admin also bans. */
const GroupSettingPage = () => {
  const { t } = useTranslation('group');
  const queryClient = useQueryClient();
  const context = useGroupContext();
  const { group, role } = context;
  const superAdmin = role === 'super';
  const [form] = Form.useForm<SettingValues>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const save = async (v: SettingValues) => {
    setBusy(true);
    setError(undefined);
    try {
      await api.call(
        contract.updateGroup,
        {
          id: group.id,
          ...groupBody(v),
          minAcToPost: v.minAcToPost ?? null,
          ...(superAdmin ? { status: v.banned ? GROUP_STATUS.BANNED : GROUP_STATUS.NORMAL } : {}),
        },
        { silent: true },
      );
      toast.success(t('Group_Updated'));
      void queryClient.invalidateQueries({ queryKey: queryKey(contract.getGroupList) });
      context.reload();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-label={t('Group_Setting_Title')} style={{ maxWidth: 760 }}>
      <section className="oj-group-section" aria-label={t('Group_Avatar')}>
        <h4>{t('Group_Avatar')}</h4>
        <GroupAvatarUpload context={context} />
      </section>
      <section className="oj-group-section" aria-label={t('Group_Info')}>
        <h4>{t('Group_Info')}</h4>
        <Form
          form={form}
          layout="vertical"
          initialValues={{ ...groupFormInitial(group), minAcToPost: group.minAcToPost }}
          onFinish={(v) => void save(v)}
        >
          <GroupFormFields superAdmin={superAdmin} />
          <MinAcToPostField />
          {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('Group_Save')}
          </Button>
        </Form>
      </section>
    </section>
  );
};

export default GroupSettingPage;
