import { AppstoreOutlined, ClusterOutlined, ControlOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Panel } from '../../components/panel';
import { useWebsiteConfig } from '../site/use-website-config';
import { RESULT_EXPLANATION_PATH } from './result-explanation-path';
import type aboutTexts from './texts/zh-CN';
import './about.css';

type AboutTextKey = keyof typeof aboutTexts;

/** The four feature cards of the about page, written for this site. */
const FEATURES: { key: string; title: AboutTextKey; text: AboutTextKey; icon: ReactNode }[] = [
  { key: 'distributed', title: 'About_Distributed', text: 'About_Distributed_Text', icon: <ClusterOutlined /> },
  { key: 'customizable', title: 'About_Customizable', text: 'About_Customizable_Text', icon: <ControlOutlined /> },
  { key: 'secure', title: 'About_Secure', text: 'About_Secure_Text', icon: <SafetyCertificateOutlined /> },
  { key: 'diverse', title: 'About_Diverse', text: 'About_Diverse_Text', icon: <AppstoreOutlined /> },
];

/** /introduction: what the site is and its four features. */
const IntroductionPage = () => {
  const { t } = useTranslation('about');
  const config = useWebsiteConfig().data;
  const name = config?.name || config?.shortName || 'OJ';
  return (
    <Panel title={t('Introduction')}>
      <p className="oj-about__lead">{t('About_Lead', { name })}</p>
      <h3 className="oj-about__heading">{t('About_Features')}</h3>
      <ul className="oj-about__cards">
        {FEATURES.map((f) => (
          <li key={f.key} className="oj-about__card" aria-labelledby={`about-${f.key}`}>
            <h4 className="oj-about__card-title" id={`about-${f.key}`}>
              <span className="oj-about__card-icon" aria-hidden>
                {f.icon}
              </span>
              {t(f.title)}
            </h4>
            <p>{t(f.text)}</p>
          </li>
        ))}
      </ul>
      <p className="oj-about__lead" style={{ marginTop: 16 }}>
        <Link to={RESULT_EXPLANATION_PATH}>{t('About_Result_Explanation_Link')}</Link>
      </p>
    </Panel>
  );
};

export default IntroductionPage;
