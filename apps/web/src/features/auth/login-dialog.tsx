import { Modal } from 'antd';
import { loginDialog, useLoginDialog } from '../../lib/ui-store';
import { useWebsiteConfig } from '../site/use-website-config';
import { LoginForm } from './login-form';

/** Login dialog (spec 1-core §2): 370 px, not closable by clicking outside, titled with the site short name. */
export const LOGIN_DIALOG_WIDTH = 370;

const LoginDialog = () => {
  const { open } = useLoginDialog();
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
      <LoginForm onSuccess={loginDialog.close} onLeave={loginDialog.close} />
    </Modal>
  );
};

export default LoginDialog;
