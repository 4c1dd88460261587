import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { LIMITS } from '@oj/shared';
import { Button, Space } from 'antd';
// Deep imports: antd's Input index also bundles TextArea, Search and OTP, which no first-visit page uses.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { type FormEvent, type ReactNode, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageLoading } from '../../components/page-loading';
import { lazyScreen } from '../../lib/lazy-screen';
import { useWebsiteConfig } from '../site/use-website-config';
import { needsPuzzle, useLoginFailures } from './login-failures';
import { checkPassword, checkUsername, type LoginMessageKey } from './login-validation';
import { type LoginValues, useLogin } from './use-login';
import './login-form.css';

// The puzzle is only needed after 5 failures: it is its own chunk (decision 0004).
const SlidePuzzle = lazyScreen(() => import('./slide-puzzle'));

type Field = keyof LoginValues;
const CHECKS: Record<Field, (v: string | undefined) => LoginMessageKey | null> = {
  username: checkUsername,
  password: checkPassword,
};

/** One field with its message below it, laid out as antd's form items (the message takes the item's bottom margin,
 * so nothing moves when it shows). Plain state instead of antd's Form: the form is on the first visit to /home, and
 * antd's Form with its validator would add about 17 KB to it (decision 0038). */
const FormRow = ({ error, errorId, children }: { error?: string; errorId?: string; children: ReactNode }) => (
  <div className={error ? 'oj-login-form__row oj-login-form__row--error' : 'oj-login-form__row'}>
    {children}
    {error && (
      <div id={errorId} role="alert" className="oj-login-form__error">
        {error}
      </div>
    )}
  </div>
);

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
  const [values, setValues] = useState<LoginValues>({ username: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, LoginMessageKey>>>({});
  const id = useId();
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

  /** The field's rule (login-validation.ts), checked when it loses focus, on submit, and while a message shows. */
  const check = (field: Field, value: string) => {
    const key = CHECKS[field](value) ?? undefined;
    setErrors((e) => (e[field] === key ? e : { ...e, [field]: key }));
    return key;
  };
  const change = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) check(field, value);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const wrong = [check('username', values.username), check('password', values.password)].some(Boolean);
    if (!wrong) onFinish(values);
  };

  const onFinish = (values: LoginValues) => {
    // Enter submits, or opens the puzzle when verification is needed (after 5 failed logins on this form, or when
    // the server asks for it: decision 0014); a username changed while it was open gets a puzzle of its own.
    if (puzzleOpen || (!admin && needsPuzzle(failures))) {
      setPuzzleFor(values.username.trim());
      return;
    }
    void send(values);
  };

  /** The puzzle was solved: its single-use proof goes with the login. */
  const onVerified = (verificationToken: string) => {
    setPuzzleFor(null);
    void send(values, verificationToken);
  };

  const follow = (mode: 'register' | 'reset') => {
    if (onSwitch) onSwitch(mode);
    else navigate(mode === 'register' ? '/zhuce' : '/apply-reset-password');
  };

  const showRegister = !admin && !!config?.register;
  const showForgot = !admin;

  return (
    <form onSubmit={onSubmit} autoComplete="on" noValidate className="oj-login-form">
      <FormRow error={errors.username && t(errors.username)} errorId={`${id}-username`}>
        <Input
          prefix={<UserOutlined />}
          placeholder={t('Enter_Username')}
          aria-label={t('Username')}
          maxLength={LIMITS.usernameMax + 10}
          autoComplete="username"
          name="username"
          size="large"
          value={values.username}
          onChange={(e) => change('username', e.target.value)}
          onBlur={() => check('username', values.username)}
          status={errors.username ? 'error' : undefined}
          aria-invalid={!!errors.username}
          aria-describedby={errors.username ? `${id}-username` : undefined}
        />
      </FormRow>
      <FormRow error={errors.password && t(errors.password)} errorId={`${id}-password`}>
        <Password
          prefix={<LockOutlined />}
          placeholder={t('Enter_Password')}
          aria-label={t('Password')}
          autoComplete="current-password"
          name="password"
          size="large"
          value={values.password}
          onChange={(e) => change('password', e.target.value)}
          onBlur={() => check('password', values.password)}
          status={errors.password ? 'error' : undefined}
          aria-invalid={!!errors.password}
          aria-describedby={errors.password ? `${id}-password` : undefined}
        />
      </FormRow>
      {refusal && (
        <p role="alert" style={{ color: '#ff4d4f', margin: '0 0 12px' }}>
          {refusal}
        </p>
      )}
      {puzzleFor !== null && (
        <div className="oj-login-form__row">
          <Suspense fallback={<PageLoading />}>
            <SlidePuzzle key={puzzleFor} username={puzzleFor} onSuccess={onVerified} />
          </Suspense>
        </div>
      )}
      <div className="oj-login-form__row" style={{ marginBottom: showRegister || showForgot ? 12 : 0 }}>
        <Button type="primary" htmlType="submit" block size="large" loading={loading}>
          {t('Login')}
        </Button>
      </div>
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
    </form>
  );
};
