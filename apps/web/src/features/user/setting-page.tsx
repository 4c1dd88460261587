import { user as contract } from '@oj/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Collapse, Form, Input, Select, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AvatarUpload } from '../../components/avatar-upload';
import { api } from '../../lib/api';
import { session, useSession } from '../../lib/auth-store';
import { toast } from '../../lib/notify';
import { queryKey } from '../../lib/query-keys';
import { useCountdown } from '../../lib/use-countdown';
import { againRules, passwordRules } from '../auth/registration-rules';

/** Avatar rules: gif, jpg, jpeg, png, bmp, webp; at most 2 MB. */
export const AVATAR_TYPES = ['gif', 'jpg', 'jpeg', 'png', 'bmp', 'webp'];
export const checkAvatarFile = (file: {
  name: string;
  size: number;
}): 'Avatar_Wrong_Type' | 'Avatar_Too_Large' | null => {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!AVATAR_TYPES.includes(ext)) return 'Avatar_Wrong_Type';
  if (file.size > contract.AVATAR_MAX_BYTES) return 'Avatar_Too_Large';
  return null;
};

export const EMAIL_CODE_RESEND_SECONDS = 90;

const ChangePassword = () => {
  const { t } = useTranslation(['user', 'auth', 'problem', 'rank', 'submission']);
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const submit = async (v: { oldPassword: string; newPassword: string }) => {
    setBusy(true);
    try {
      const result = await api.call(contract.changePassword, {
        oldPassword: v.oldPassword,
        newPassword: v.newPassword,
      });
      toast.success(result.msg || t('Update_Successfully'));
      form.resetFields();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form form={form} layout="vertical" onFinish={submit} style={{ maxWidth: 360 }} aria-label={t('Change_Password')}>
      <Typography.Title level={5}>{t('Change_Password')}</Typography.Title>
      <Form.Item name="oldPassword" label={t('Old_Password')} rules={[{ required: true, message: t('Required') }]}>
        <Input.Password />
      </Form.Item>
      <Form.Item name="newPassword" label={t('New_Password')} rules={passwordRules(t)}>
        <Input.Password />
      </Form.Item>
      <Form.Item
        name="again"
        label={t('Confirm_Password')}
        dependencies={['newPassword']}
        rules={againRules(t, 'newPassword', 'Password_does_not_match')}
      >
        <Input.Password />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        {t('Update')}
      </Button>
    </Form>
  );
};

const ChangeEmail = () => {
  const { t } = useTranslation(['user', 'auth', 'problem', 'rank', 'submission']);
  const [form] = Form.useForm();
  const countdown = useCountdown();
  const [busy, setBusy] = useState(false);
  const sendCode = async () => {
    const { newEmail } = await form.validateFields(['newEmail']);
    const delivery = await api.call(contract.getChangeEmailCode, { email: newEmail });
    toast.success(delivery.msg);
    countdown.start(EMAIL_CODE_RESEND_SECONDS);
  };
  const submit = async (v: { password: string; newEmail: string; code: string }) => {
    setBusy(true);
    try {
      const result = await api.call(contract.changeEmail, v);
      if (result.userInfo && session.token()) session.signIn(session.token() ?? '', result.userInfo);
      toast.success(result.msg || t('Update_Successfully'));
      form.resetFields();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form form={form} layout="vertical" onFinish={submit} style={{ maxWidth: 360 }} aria-label={t('Change_Email')}>
      <Typography.Title level={5}>{t('Change_Email')}</Typography.Title>
      <Form.Item name="password" label={t('Current_Password')} rules={[{ required: true, message: t('Required') }]}>
        <Input.Password />
      </Form.Item>
      <Form.Item
        name="newEmail"
        label={t('New_Email')}
        rules={[{ required: true, type: 'email', message: t('Email_Required') }]}
      >
        <Input />
      </Form.Item>
      <Form.Item label={t('Verification_Code')} required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="code" noStyle rules={[{ required: true, message: t('Code_Required') }]}>
            <Input aria-label={t('Verification_Code')} />
          </Form.Item>
          <Button disabled={countdown.left > 0} onClick={sendCode}>
            {countdown.left > 0 ? t('Resend_In', { seconds: countdown.left }) : t('Get_Code')}
          </Button>
        </Space.Compact>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        {t('Update')}
      </Button>
    </Form>
  );
};

const ProfileForm = () => {
  const { t } = useTranslation(['user', 'auth', 'problem', 'rank', 'submission']);
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const submit = async (v: Record<string, string | undefined>) => {
    setBusy(true);
    try {
      const info = await api.call(contract.changeUserInfo, v);
      session.signIn(session.token() ?? '', info);
      void queryClient.invalidateQueries({ queryKey: queryKey(contract.getUserHomeInfo) });
      toast.success(t('Update_Successfully'));
    } finally {
      setBusy(false);
    }
  };
  const maxRule = (max: number) => [{ max, message: `≤ ${max}` }];
  // The server refuses the same (the home page shows these as links); the form says so before sending.
  const linkRules = [
    ...maxRule(255),
    {
      validator: (_: unknown, value?: string) =>
        !value?.trim() || contract.isProfileUrl(value.trim())
          ? Promise.resolve()
          : Promise.reject(new Error(t('Profile_Link_Check'))),
    },
  ];
  return (
    <Form
      layout="vertical"
      onFinish={submit}
      initialValues={user ?? undefined}
      style={{ maxWidth: 480 }}
      aria-label={t('UserInfo')}
    >
      <Form.Item name="realname" label={t('Real_Name')} rules={maxRule(50)}>
        <Input />
      </Form.Item>
      <Form.Item name="nickname" label={t('Nickname')} rules={maxRule(20)}>
        <Input />
      </Form.Item>
      <Form.Item name="gender" label={t('Gender')}>
        <Select
          options={[
            { value: 'male', label: t('Male') },
            { value: 'female', label: t('Female') },
            { value: 'secrecy', label: t('Secrecy') },
          ]}
        />
      </Form.Item>
      <Form.Item name="school" label={t('School')} rules={maxRule(100)}>
        <Input />
      </Form.Item>
      <Form.Item name="course" label={t('Course')} rules={maxRule(100)}>
        <Input />
      </Form.Item>
      <Form.Item name="number" label={t('Student_Number')} rules={maxRule(200)}>
        <Input />
      </Form.Item>
      <Form.Item name="github" label={t('Github')} rules={linkRules}>
        <Input />
      </Form.Item>
      <Form.Item name="blog" label={t('Blog')} rules={linkRules}>
        <Input />
      </Form.Item>
      <Form.Item name="cfUsername" label={t('CF_Username')} rules={maxRule(255)}>
        <Input />
      </Form.Item>
      <Form.Item name="signature" label={t('Signature')} rules={maxRule(10_000)}>
        <Input.TextArea autoSize={{ minRows: 4, maxRows: 12 }} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        {t('Save')}
      </Button>
    </Form>
  );
};

const UserAvatarUpload = () => {
  const { t } = useTranslation(['user', 'auth', 'problem', 'rank', 'submission']);
  const { user } = useSession();
  const upload = async (file: File) => {
    const form = new FormData();
    form.append('image', file);
    const result = await api.upload(contract.uploadAvatar, form);
    if (user) session.signIn(session.token() ?? '', { ...user, avatar: result.avatar });
    toast.success(t('Update_Successfully'));
  };
  return (
    <Space align="center" size={16} style={{ marginBottom: 24 }}>
      <Avatar size={72} src={user?.avatar || undefined}>
        {user?.username.slice(0, 1).toUpperCase()}
      </Avatar>
      <AvatarUpload
        crop={{ modalTitle: t('Crop_Avatar'), modalOk: t('Confirm'), modalCancel: t('Cancel') }}
        types={AVATAR_TYPES}
        beforeUpload={(file) => {
          const error = checkAvatarFile(file);
          if (error) {
            toast.error(t(error));
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        upload={upload}
        label={t('Upload_Avatar')}
        hint={t('Avatar_Hint')}
      />
    </Space>
  );
};

/** Settings: two accordion sections, Account and UserInfo. */
const SettingPage = () => {
  const { t } = useTranslation(['user', 'auth', 'problem', 'rank', 'submission']);
  return (
    <Collapse
      accordion
      defaultActiveKey="account"
      items={[
        {
          key: 'account',
          label: t('Account'),
          children: (
            <Space align="start" size={48} wrap>
              <ChangePassword />
              <ChangeEmail />
            </Space>
          ),
        },
        {
          key: 'info',
          label: t('UserInfo'),
          children: (
            <>
              <UserAvatarUpload />
              <ProfileForm />
            </>
          ),
        },
      ]}
    />
  );
};

export default SettingPage;
