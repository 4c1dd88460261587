import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { LIMITS } from '@oj/shared';
import { Button, Form, Space } from 'antd';
// Deep imports: antd's Input index also bundles TextArea, Search and OTP, which no first-visit page uses.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { hasFeature } from '../../app/features';
import { PageLoading } from '../../components/page-loading';
import { lazyScreen } from '../../lib/lazy-screen';
import { useWebsiteConfig } from '../site/use-website-config';
import { needsPuzzle, useLoginFailures } from './login-failures';
import { checkPassword, checkUsername, type LoginMessageKey } from './login-validation';
import { type LoginValues, useLogin } from './use-login';

// The puzzle is only needed after 5 failures: it is its own chunk (DESIGN §5).
const SlidePuzzle = lazyScreen(() => import('./slide-puzzle'));

const rule = (check: (v: string | undefined) => LoginMessageKey | null, t: (k: string) => string) => ({
  validator: (_: unknown, value: string | undefined) => {
    const key = check(value);
    return key ? Promise.reject(new Error(t(key))) : Promise.resolve();
  },
});

export interface LoginFormProps {
  /** The admin login (POST /api/admin/login): no register or forgot links; the puzzle only when the server asks. */
  admin?: boolean;
  onSuccess?: () => void;
  /** In the account dialog the register and forgot-password links switch it to those forms; elsewhere (the home
   * page's inline form) they lead to their pages. */
  onSwitch?: (mode: 'register' | 'reset') => void;
}

export const LoginForm = ({ admin = false, onSuccess, onSwitch }: LoginFormProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<LoginValues>();
  const failures = useLoginFailures();
  /** The username the open puzzle is for (its proof logs in that account only); null while it is closed. */
  const [puzzleFor, setPuzzleFor] = useState<string | null>(null);
  const puzzleOpen = puzzleFor !== null;
  const { login, loading, refusal } = useLogin({ admin, onSuccess });
  const config = useWebsiteConfig().data;

  const send = async (values: LoginValues, verificationToken?: string) => {
    // The server decides whether a proof is needed (decision 0014); when it asks, the puzzle opens.
    if ((await login(values, verificationToken)) === 'verify') setPuzzleFor(values.username.trim());
  };

  const onFinish = (values: LoginValues) => {
    // Enter submits, or opens the puzzle when verification is needed (spec 1-core §4); a username changed while it
    // was open gets a puzzle of its own.
    if (puzzleOpen || (!admin && needsPuzzle(failures))) {
      setPuzzleFor(values.username.trim());
      return;
    }
    void send(values);
  };

  /** The puzzle was solved: its single-use proof goes with the login. */
  const onVerified = (verificationToken: string) => {
    setPuzzleFor(null);
    void send(form.getFieldsValue(), verificationToken);
  };

  const follow = (mode: 'register' | 'reset') => {
    if (onSwitch) onSwitch(mode);
    else navigate(mode === 'register' ? '/zhuce' : '/apply-reset-password');
  };

  const showRegister = !admin && !!config?.register && hasFeature('register');
  const showForgot = !admin && hasFeature('reset-password');

  return (
    <Form form={form} onFinish={onFinish} validateTrigger="onBlur" autoComplete="on" requiredMark={false}>
      <Form.Item name="username" rules={[rule(checkUsername, t)]}>
        <Input
          prefix={<UserOutlined />}
          placeholder={t('Enter_Username')}
          aria-label={t('Username')}
          maxLength={LIMITS.usernameMax + 10}
          autoComplete="username"
          size="large"
        />
      </Form.Item>
      <Form.Item name="password" rules={[rule(checkPassword, t)]}>
        <Password
          prefix={<LockOutlined />}
          placeholder={t('Enter_Password')}
          aria-label={t('Password')}
          autoComplete="current-password"
          size="large"
        />
      </Form.Item>
      {refusal && (
        <p role="alert" style={{ color: '#ff4d4f', margin: '0 0 12px' }}>
          {refusal}
        </p>
      )}
      {puzzleFor !== null && (
        <Form.Item>
          <Suspense fallback={<PageLoading />}>
            <SlidePuzzle key={puzzleFor} username={puzzleFor} onSuccess={onVerified} />
          </Suspense>
        </Form.Item>
      )}
      <Form.Item style={{ marginBottom: showRegister || showForgot ? 12 : 0 }}>
        <Button type="primary" htmlType="submit" block size="large" loading={loading}>
          {t('Login')}
        </Button>
      </Form.Item>
      {(showRegister || showForgot) && (
        <Space style={{ width: '100%', justifyContent: 'space-between' }}>
          {showRegister ? (
            <Button type="link" onClick={() => follow('register')} style={{ padding: 0 }}>
              {t('Register_Now')}
            </Button>
          ) : (
            <span />
          )}
          {showForgot && (
            <Button type="link" onClick={() => follow('reset')} style={{ padding: 0 }}>
              {t('Forget_Password')}
            </Button>
          )}
        </Space>
      )}
    </Form>
  );
};
