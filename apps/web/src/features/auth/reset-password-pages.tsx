import { user as contract, LIMITS, registration } from '@oj/shared';
import { Button, Form, Input, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Panel } from '../../components/panel';
import { api } from '../../lib/api';
import { toast } from '../../lib/notify';
import { loginDialog } from '../../lib/ui-store';
import { useCountdown } from '../../lib/use-countdown';
import { useWebsiteConfig } from '../site/use-website-config';
import { CaptchaField, CodeField, useCaptcha } from './captcha-field';
import { againRules, mobileRules, passwordRules, smsCodeRules } from './registration-rules';
import { retryAfterSeconds, showServerError } from './server-field-error';

/** Reset codes can be sent again after 90 s. */
export const RESET_CODE_RESEND_SECONDS = registration.REGISTRATION.resetResendS;

const usernameRules = (t: (k: string) => string) => [
  { required: true, whitespace: true, message: t('Username_Check_Required') },
  { max: LIMITS.usernameMax, message: t('Username_Check_Max') },
];

const ByEmail = () => {
  const { t } = useTranslation(['auth', 'user']);
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
    <>
      <Form form={form} name="reset-email" layout="vertical" requiredMark={false} onFinish={apply}>
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
    </>
  );
};

interface MobileResetValues {
  username: string;
  mobile: string;
  captcha?: string;
  smsCode: string;
  password: string;
  again: string;
}

const MOBILE_RESET_FIELDS = ['username', 'mobile', 'captcha', 'smsCode', 'password'];

/** The new password and the same again, as both ways of resetting ask for them (each with its own texts). */
const NewPasswordFields = ({
  label,
  againLabel,
  mismatch,
}: {
  label: string;
  againLabel: string;
  mismatch: string;
}) => {
  const { t } = useTranslation(['auth', 'user']);
  return (
    <>
      <Form.Item name="password" label={label} rules={passwordRules(t)}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="again"
        label={againLabel}
        dependencies={['password']}
        rules={againRules(t, 'password', mismatch)}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
};

/** Reset by mobile: username, mobile and the captcha get an SMS code (resend after 90 s); the code
 * and the new password reset it. The captcha is refreshed after every send and every reset attempt. */
const ByMobile = () => {
  const { t } = useTranslation(['auth', 'user']);
  const navigate = useNavigate();
  const [form] = Form.useForm<MobileResetValues>();
  const captcha = useCaptcha(form);
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);
  const [busy, setBusy] = useState(false);

  const sendCode = async () => {
    let v: MobileResetValues;
    try {
      // The captcha is needed to send, not to reset.
      v = await form.validateFields(['username', 'mobile', 'captcha']);
      if (!v.captcha?.trim()) {
        form.setFields([{ name: 'captcha', errors: [t('Reg_Required', { field: t('Reg_Captcha') })] }]);
        return;
      }
    } catch {
      return;
    }
    setSending(true);
    try {
      const sent = await api.call(
        registration.sendResetSms,
        {
          username: v.username.trim(),
          mobile: v.mobile.trim(),
          captcha: (v.captcha ?? '').trim(),
          captchaKey: captcha.captchaKey,
        },
        { silent: true },
      );
      toast.success(sent.msg || t('Reg_Code_Sent'));
      countdown.start(sent.resendAfterS > 0 ? sent.resendAfterS : RESET_CODE_RESEND_SECONDS);
    } catch (err) {
      showServerError(form, err, MOBILE_RESET_FIELDS);
      const wait = retryAfterSeconds(err);
      if (wait) countdown.start(wait);
    } finally {
      setSending(false);
      void captcha.refresh();
    }
  };

  const reset = async (v: MobileResetValues) => {
    setBusy(true);
    try {
      await api.call(
        contract.resetPassword,
        {
          username: v.username.trim(),
          mobile: v.mobile.trim(),
          smsCode: v.smsCode.trim(),
          password: v.password,
          ...(v.captcha?.trim() ? { captcha: v.captcha.trim(), captchaKey: captcha.captchaKey } : {}),
        },
        { silent: true },
      );
      toast.success(t('Reset_Done'));
      navigate('/home');
      loginDialog.open();
    } catch (err) {
      showServerError(form, err, MOBILE_RESET_FIELDS);
      void captcha.refresh();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form
      form={form}
      name="reset-mobile"
      layout="vertical"
      requiredMark={false}
      onFinish={reset}
      aria-label={t('Reset_By_Mobile')}
    >
      <Form.Item name="username" label={t('Username')} rules={usernameRules(t)}>
        <Input autoComplete="username" />
      </Form.Item>
      <Form.Item name="mobile" label={t('Reg_Mobile')} rules={mobileRules(t)}>
        <Input autoComplete="tel" />
      </Form.Item>
      <CaptchaField img={captcha.img} onRefresh={() => void captcha.refresh()} required={false} />
      <CodeField
        name="smsCode"
        label={t('Reg_Sms_Code')}
        rules={smsCodeRules(t)}
        left={countdown.left}
        sending={sending}
        onSend={() => void sendCode()}
      />
      <NewPasswordFields
        label={t('Reset_New_Password')}
        againLabel={t('Reset_Password_Again')}
        mismatch="Reset_Password_Mismatch"
      />
      <Button type="primary" htmlType="submit" block loading={busy}>
        {t('Reset_Title')}
      </Button>
    </Form>
  );
};

/** /apply-reset-password: the forgot-password link of the login dialog leads here; by e-mail (a link with a code)
 * or by mobile (an SMS code), the site's registration method chosen first. */
export const ApplyResetPasswordPage = () => {
  const { t } = useTranslation(['auth', 'user']);
  return (
    <div style={{ maxWidth: 420, margin: '0 auto' }}>
      <Panel title={t('Reset_Password')}>
        <ApplyResetBody />
      </Panel>
    </div>
  );
};

/** The two ways to ask for a reset, the site's registration method first; shown by /apply-reset-password and by the
 * account dialog. */
export const ApplyResetBody = () => {
  const { t } = useTranslation(['auth', 'user']);
  const method = useWebsiteConfig().data?.registerMethod;
  return (
    <Tabs
      defaultActiveKey={method === 'mobile' ? 'mobile' : 'email'}
      items={[
        { key: 'email', label: t('Reset_By_Email'), children: <ByEmail /> },
        { key: 'mobile', label: t('Reset_By_Mobile'), children: <ByMobile /> },
      ]}
    />
  );
};

/** /reset-password?username=..&code=..: the e-mail's link prefills both. */
export const ResetPasswordPage = () => {
  const { t } = useTranslation(['auth', 'user']);
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
          requiredMark={false}
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
          <NewPasswordFields
            label={t('New_Password')}
            againLabel={t('Password_Again')}
            mismatch="Password_does_not_match"
          />
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('Reset_Password')}
          </Button>
        </Form>
      </Panel>
    </div>
  );
};
