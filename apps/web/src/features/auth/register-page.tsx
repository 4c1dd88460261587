import { LIMITS, registration } from '@oj/shared';
import { Button, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageLoading } from '../../components/page-loading';
import { Panel } from '../../components/panel';
import { api } from '../../lib/api';
import { toast } from '../../lib/notify';
import { loginDialog } from '../../lib/ui-store';
import { useCountdown } from '../../lib/use-countdown';
import { useWebsiteConfig } from '../site/use-website-config';
import { CaptchaField, CodeField, useCaptcha } from './captcha-field';
import { maxRule, mobileRules, passwordRules, requiredRule, smsCodeRules, usernameRules } from './registration-rules';
import { retryAfterSeconds, showServerError } from './server-field-error';

/** Every registration field is required, with these lengths. */
const TEXT_FIELDS = [
  ['realname', 'Reg_Realname', 15],
  ['city', 'Reg_City', 25],
  ['school', 'Reg_School', 20],
  ['grade', 'Reg_Grade', 20],
] as const;

interface RegisterValues {
  username: string;
  password: string;
  realname?: string;
  city?: string;
  school?: string;
  grade?: string;
  mobile?: string;
  smsCode?: string;
  email?: string;
  code?: string;
  captcha: string;
}

/** The fields a server error may name on this form. */
const FORM_FIELDS = [
  'username',
  'password',
  'realname',
  'city',
  'school',
  'grade',
  'mobile',
  'smsCode',
  'email',
  'code',
  'captcha',
];

const trimmed = (v?: string) => (v ?? '').trim();

/** "Thanks for registering": wait for the admin's approval, or log in now when approval is automatic. */
const ThanksDialog = ({ state }: { state: 'pending' | 'approved' }) => {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const home = () => {
    loginDialog.close();
    navigate('/home');
  };
  const login = () => {
    navigate('/home');
    loginDialog.open();
  };
  return (
    <Modal
      open
      title={t('Reg_Thanks')}
      closable={false}
      maskClosable={false}
      footer={
        state === 'approved' ? (
          <Button type="primary" onClick={login}>
            {t('Reg_Login_Now')}
          </Button>
        ) : (
          <Button type="primary" onClick={home}>
            {t('Reg_Ok')}
          </Button>
        )
      }
    >
      <Typography.Paragraph>{t(state === 'approved' ? 'Reg_Approved' : 'Reg_Wait_Approval')}</Typography.Paragraph>
    </Modal>
  );
};

const RegisterForm = ({ method }: { method: registration.RegisterMethod }) => {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<RegisterValues>();
  const captcha = useCaptcha(form);
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<'pending' | 'approved' | null>(null);

  const sendCode = async () => {
    const addressField = method === 'mobile' ? 'mobile' : 'email';
    let values: RegisterValues;
    try {
      values = await form.validateFields([addressField, 'captcha']);
    } catch {
      return;
    }
    setSending(true);
    try {
      const input = { captcha: trimmed(values.captcha), captchaKey: captcha.captchaKey };
      const sent =
        method === 'mobile'
          ? await api.call(registration.sendRegisterSms, { ...input, mobile: trimmed(values.mobile) }, { silent: true })
          : await api.call(registration.getRegisterCode, { ...input, email: trimmed(values.email) }, { silent: true });
      toast.success(sent.msg || t('Reg_Code_Sent'));
      countdown.start(sent.resendAfterS > 0 ? sent.resendAfterS : registration.REGISTRATION.registerResendS);
    } catch (err) {
      showServerError(form, err, FORM_FIELDS);
      const wait = retryAfterSeconds(err);
      if (wait) countdown.start(wait);
    } finally {
      setSending(false);
      // The server used the captcha up, whatever the answer.
      void captcha.refresh();
    }
  };

  const submit = async (v: RegisterValues) => {
    setBusy(true);
    try {
      const common = {
        username: trimmed(v.username),
        password: v.password,
        captcha: trimmed(v.captcha),
        captchaKey: captcha.captchaKey,
      };
      const body =
        method === 'mobile'
          ? {
              ...common,
              realname: trimmed(v.realname),
              city: trimmed(v.city),
              school: trimmed(v.school),
              grade: trimmed(v.grade),
              mobile: trimmed(v.mobile),
              smsCode: trimmed(v.smsCode),
            }
          : { ...common, email: trimmed(v.email), code: trimmed(v.code) };
      const result = await api.call(registration.register, body, { silent: true });
      setDone(result.state);
    } catch (err) {
      showServerError(form, err, FORM_FIELDS);
    } finally {
      setBusy(false);
      // The captcha is refreshed after every registration attempt.
      void captcha.refresh();
    }
  };

  return (
    <Form
      form={form}
      name="register"
      layout="vertical"
      onFinish={submit}
      requiredMark={false}
      aria-label={t('Register_Title')}
    >
      <Form.Item name="username" label={t('Username')} rules={usernameRules(t)}>
        <Input autoComplete="username" maxLength={LIMITS.usernameMax + 10} />
      </Form.Item>
      <Form.Item name="password" label={t('Reg_Password')} rules={passwordRules(t)}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      {method === 'mobile' ? (
        <>
          {TEXT_FIELDS.map(([name, key, max]) => (
            <Form.Item key={name} name={name} label={t(key)} rules={[requiredRule(t, t(key)), maxRule(t, t(key), max)]}>
              <Input />
            </Form.Item>
          ))}
          <Form.Item name="mobile" label={t('Reg_Mobile')} rules={mobileRules(t)}>
            <Input autoComplete="tel" />
          </Form.Item>
        </>
      ) : (
        <Form.Item
          name="email"
          label={t('Reg_Email')}
          rules={[requiredRule(t, t('Reg_Email')), { type: 'email', message: t('Reg_Email_Invalid') }, { max: 100 }]}
        >
          <Input autoComplete="email" />
        </Form.Item>
      )}
      <CaptchaField img={captcha.img} onRefresh={() => void captcha.refresh()} />
      {method === 'mobile' ? (
        <CodeField
          name="smsCode"
          label={t('Reg_Sms_Code')}
          rules={smsCodeRules(t)}
          left={countdown.left}
          sending={sending}
          onSend={() => void sendCode()}
        />
      ) : (
        <CodeField
          name="code"
          label={t('Reg_Email_Code')}
          rules={[requiredRule(t, t('Reg_Email_Code')), { max: 64 }]}
          left={countdown.left}
          sending={sending}
          onSend={() => void sendCode()}
        />
      )}
      <Button type="primary" htmlType="submit" block loading={busy}>
        {t('Register_Submit')}
      </Button>
      {done && <ThanksDialog state={done} />}
    </Form>
  );
};

/** The registration form the site's method asks for (mobile and SMS code, or e-mail and its code), or why there is
 * none: the register switch is off. Shown by /zhuce and by the account dialog. */
export const RegisterBody = () => {
  const { t } = useTranslation('auth');
  const config = useWebsiteConfig().data;
  return !config ? (
    <PageLoading />
  ) : config.register ? (
    <RegisterForm method={config.registerMethod ?? 'mobile'} />
  ) : (
    <Typography.Paragraph type="secondary">{t('Register_Closed')}</Typography.Paragraph>
  );
};

/** /zhuce: the registration form as a page, for links from outside the site. */
const RegisterPage = () => {
  const { t } = useTranslation('auth');
  return (
    <div style={{ maxWidth: 420, margin: '0 auto' }}>
      <Panel title={t('Register_Title')}>
        <RegisterBody />
      </Panel>
    </div>
  );
};

export default RegisterPage;
