import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePageTitle } from '../lib/use-page-title';
import './not-found-page.css';

/** The 404 page: also what a declared route shows until its feature exists. */
export const NotFoundPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  usePageTitle(t('Page_Not_Found'));
  return (
    <main className="oj-not-found">
      <div className="oj-not-found__digits" aria-hidden="true">
        <span className="oj-not-found__digit">4</span>
        <span className="oj-not-found__digit">0</span>
        <span className="oj-not-found__digit">4</span>
      </div>
      <h1 className="oj-not-found__text">{t('Page_Not_Found')}</h1>
      <Space>
        <Button type="primary" onClick={() => navigate('/home')}>
          {t('Go_Home')}
        </Button>
        <Button onClick={() => navigate(-1)}>{t('Back')}</Button>
      </Space>
    </main>
  );
};
