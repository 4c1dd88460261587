import { user as contract, LIMITS } from '@oj/shared';
import { Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Panel } from '../../components/panel';
import { api } from '../../lib/api';
import { toast } from '../../lib/notify';
import { loginDialog } from '../../lib/ui-store';
import { registerCorePagesTexts } from '../../locales/core-pages-texts';
import { useCountdown } from '../user/setting-page';

/** Reset codes can be sent again after 90 s (spec 1-core §4, §9). */
export const RESET_CODE_RESEND_SECONDS = 90;

const usernameRules = (t: (k: string) => string) => [
  { required: true, whitespace: true, message: t('Username_Check_Required') },
  { max: LIMITS.usernameMax, message: t('Username_Check_Max') },
];

/** /apply-reset-password: the forgot-password link of the login dialog leads here. */
export const ApplyResetPasswordPage = () => {
  registerCorePagesTexts();
  const { t } = useTranslation();
  const [form] = Form.useForm<{ username: string }>();
  const countdown = useCountdown();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const apply = async ({ username }: { username: string }) => {
    setBusy(true);
    try {
      const delivery = await api.call(contract.applyResetPassword, { username: username.trim() });
      toast.success(delivery.msg || t('Reset_Code_Sent'));
      setSentTo(username.trim());
      countdown.start(RESET_CODE_RESEND_SECONDS);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div style={{ maxWidth: 420, margin: '0 auto' }}>
      <Panel title={t('Reset_Password')}>
        <Form form={form} layout="vertical" onFinish={apply}>
          <Form.Item name="username" label={t('Username')} rules={usernameRules(t)}>
            <Input autoComplete="username" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy} disabled={countdown.left > 0}>
            {countdown.left > 0 ? t('Resend_In', { seconds: countdown.left }) : t('Send_Reset_Code')}
          </Button>
        </Form>
        {sentTo && (
          <Typography.Paragraph style={{ marginTop: 16 }}>
            <Link to={`/reset-password?username=${encodeURIComponent(sentTo)}`}>{t('Have_A_Code')}</Link>
          </Typography.Paragraph>
        )}
      </Panel>
    </div>
  );
};

/** /reset-password?username=..&code=..: the e-mail's link prefills both (spec 1-core §2). */
export const ResetPasswordPage = () => {
  registerCorePagesTexts();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const reset = async (v: { username: string; code: string; password: string }) => {
    setBusy(true);
    try {
      await api.call(contract.resetPassword, {
        username: v.username.trim(),
        code: v.code.trim(),
        password: v.password,
      });
      toast.success(t('Your_password_has_been_reset'));
      navigate('/home');
      loginDialog.open();
    } finally {
      setBusy(false);
    }
  };
  return (
    <div style={{ maxWidth: 420, margin: '0 auto' }}>
      <Panel title={t('Reset_Password')}>
        <Form
          layout="vertical"
          onFinish={reset}
          initialValues={{ username: params.get('username') ?? '', code: params.get('code') ?? '' }}
        >
          <Form.Item name="username" label={t('Username')} rules={usernameRules(t)}>
            <Input autoComplete="username" />
          </Form.Item>
          <Form.Item
            name="code"
            label={t('Verification_Code')}
            rules={[{ required: true, whitespace: true, message: t('Code_Required') }]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('New_Password')}
            rules={[
              { required: true, message: t('Password_Check_Required') },
              { min: LIMITS.passwordMin, max: LIMITS.passwordMax, message: t('Password_Check_Between') },
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="again"
            label={t('Password_Again')}
            dependencies={['password']}
            rules={[
              { required: true, message: t('Password_Check_Required') },
              ({ getFieldValue }) => ({
                validator: (_, value) =>
                  !value || value === getFieldValue('password')
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('Password_does_not_match'))),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('Reset_Password')}
          </Button>
        </Form>
      </Panel>
    </div>
  );
};
