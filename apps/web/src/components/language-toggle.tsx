import { GlobalOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage } from '../lib/i18n';
import { otherLanguage } from '../lib/language';

/** The nav toggle between zh-CN and en-US; the label names the language it switches to. */
export const LanguageToggle = ({ block = false }: { block?: boolean }) => {
  const { t } = useTranslation();
  return (
    <Button
      type="text"
      block={block}
      icon={<GlobalOutlined />}
      onClick={() => void changeLanguage(otherLanguage(currentLanguage()))}
    >
      {t('Switch_Language')}
    </Button>
  );
};
