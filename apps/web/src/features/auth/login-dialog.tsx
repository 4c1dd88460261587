import { Modal } from 'antd';
import { Suspense } from 'react';
import { PageLoading } from '../../components/page-loading';
import { lazyScreen } from '../../lib/lazy-screen';
import { loginDialog, useLoginDialog } from '../../lib/ui-store';
import { useWebsiteConfig } from '../site/use-website-config';
import { LoginForm } from './login-form';

/** Login dialog: 370 px, not closable by clicking outside, titled with the site short name. */
export const LOGIN_DIALOG_WIDTH = 370;

const AccountDialogForms = lazyScreen(() => import('./account-dialog-forms'));

/** Login, Register and Reset Password in one dialog; the register and forgot-password links of the
 * login switch it to the other two. */
const LoginDialog = () => {
  const { open, mode } = useLoginDialog();
  const shortName = useWebsiteConfig().data?.shortName ?? 'OJ';
  return (
    <Modal
      open={open}
      title={shortName}
      width={LOGIN_DIALOG_WIDTH}
      maskClosable={false}
      footer={null}
      onCancel={loginDialog.close}
      destroyOnHidden
    >
      {mode === 'login' ? (
        <LoginForm onSuccess={loginDialog.close} onSwitch={loginDialog.open} />
      ) : (
        <Suspense fallback={<PageLoading />}>
          <AccountDialogForms key={mode} mode={mode} />
        </Suspense>
      )}
    </Modal>
  );
};

export default LoginDialog;
