import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { loginDialog } from '../../lib/ui-store';
import { RegisterBody } from './register-page';
import { ApplyResetBody } from './reset-password-pages';

/** The account dialog's register and reset modes, loaded when first asked for (they are not on the first visit's
 * budget); each leads back to the login. */
const AccountDialogForms = ({ mode }: { mode: 'register' | 'reset' }) => {
  const { t } = useTranslation('auth');
  return (
    <>
      {mode === 'register' ? <RegisterBody /> : <ApplyResetBody />}
      <Button type="link" onClick={() => loginDialog.open('login')} style={{ padding: 0, marginTop: 8 }}>
        {t(mode === 'register' ? 'Account_Have_One' : 'Account_Back_To_Login')}
      </Button>
    </>
  );
};

export default AccountDialogForms;
