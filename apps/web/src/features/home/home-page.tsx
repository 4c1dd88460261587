import { Col, Row } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import loginIllustration from '../../assets/login-illustration.svg';
import { Panel } from '../../components/panel';
import { useSession } from '../../lib/auth-store';
import { lazyScreen } from '../../lib/lazy-screen';
import { LoginForm } from '../auth/login-form';
import { useWebsiteConfig } from '../site/use-website-config';
import { AnnouncementList } from './announcement-list';
import { HomeCarousel } from './home-carousel';

// The widgets load after the first paint, a part of their own (the first visit's budget: decision 0038).
const HomeWidgets = lazyScreen(() => import('./home-widgets'));

/** Home: carousel, then announcements (visitors also get the inline login form), then the
 * recently updated problems, the 7-day AC rank and the remote judges' logos. */
export const HomePage = () => {
  const { isAuthenticated } = useSession();
  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <HomeCarousel />
      </Col>
      {isAuthenticated ? (
        <Col span={24}>
          <AnnouncementList />
        </Col>
      ) : (
        <>
          <Col xs={24} lg={16}>
            <AnnouncementList />
          </Col>
          <Col xs={24} lg={8}>
            <InlineLogin />
          </Col>
        </>
      )}
      <Suspense fallback={null}>
        <HomeWidgets />
      </Suspense>
    </Row>
  );
};

const InlineLogin = () => {
  const { t } = useTranslation();
  const shortName = useWebsiteConfig().data?.shortName ?? 'OJ';
  return (
    <Panel title={`${shortName} · ${t('Login')}`}>
      <img
        src={loginIllustration}
        alt={t('Login_Image_Alt')}
        style={{ width: '100%', maxHeight: 200, objectFit: 'contain', marginBottom: 16 }}
      />
      <LoginForm />
    </Panel>
  );
};
