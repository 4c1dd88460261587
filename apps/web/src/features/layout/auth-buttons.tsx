import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { loginDialog } from '../../lib/ui-store';
import { useWebsiteConfig } from '../site/use-website-config';

/** Visitors: Login opens the dialog; Register shows when registration is on. The header and the phone drawer both
 * show them, so they live apart from either. */
export const AuthButtons = ({ onClick, block }: { onClick?: () => void; block?: boolean }) => {
  const { t } = useTranslation();
  const register = !!useWebsiteConfig().data?.register;
  return (
    <>
      <Button
        type="primary"
        block={block}
        onClick={() => {
          onClick?.();
          loginDialog.open();
        }}
      >
        {t('Login')}
      </Button>
      {register && (
        <Button
          block={block}
          onClick={() => {
            onClick?.();
            loginDialog.open('register');
          }}
        >
          {t('Register')}
        </Button>
      )}
    </>
  );
};
