import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

export const PageLoading = () => {
  const { t } = useTranslation();
  return (
    <div style={{ display: 'flex', justifyContent: 'center', padding: 48 }}>
      <Spin aria-label={t('Loading')} />
    </div>
  );
};
