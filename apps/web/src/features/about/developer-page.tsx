import { useTranslation } from 'react-i18next';
import { Panel } from '../../components/panel';
import { useWebsiteConfig } from '../site/use-website-config';
import type aboutTexts from './texts/zh-CN';
import './about.css';

type AboutTextKey = keyof typeof aboutTexts;

/** The open-source projects this site follows or is built on (the workspaces' package.json files), with what each
 * does. */
const CREDITS: { name: string; url: string; role: AboutTextKey }[] = [
  { name: 'HOJ', url: 'https://github.com/HimitZH/HOJ', role: 'Credit_HOJ' },
  { name: 'Node.js', url: 'https://nodejs.org', role: 'Credit_Node' },
  { name: 'Fastify', url: 'https://fastify.dev', role: 'Credit_Fastify' },
  { name: 'PostgreSQL', url: 'https://www.postgresql.org', role: 'Credit_PostgreSQL' },
  { name: 'PGlite', url: 'https://pglite.dev', role: 'Credit_PGlite' },
  { name: 'Drizzle ORM', url: 'https://orm.drizzle.team', role: 'Credit_Drizzle' },
  { name: 'Zod', url: 'https://zod.dev', role: 'Credit_Zod' },
  { name: 'bubblewrap', url: 'https://github.com/containers/bubblewrap', role: 'Credit_Bubblewrap' },
  { name: 'React', url: 'https://react.dev', role: 'Credit_React' },
  { name: 'Ant Design', url: 'https://ant.design', role: 'Credit_Antd' },
  { name: 'TanStack Query', url: 'https://tanstack.com/query', role: 'Credit_TanStack' },
  { name: 'i18next', url: 'https://www.i18next.com', role: 'Credit_I18next' },
  { name: 'CodeMirror', url: 'https://codemirror.net', role: 'Credit_CodeMirror' },
  { name: 'KaTeX', url: 'https://katex.org', role: 'Credit_KaTeX' },
  { name: 'Apache ECharts', url: 'https://echarts.apache.org', role: 'Credit_ECharts' },
  { name: 'Vite', url: 'https://vite.dev', role: 'Credit_Vite' },
];

const External = ({ href, children }: { href: string; children: string }) => (
  <a href={href} target="_blank" rel="noopener noreferrer">
    {children}
  </a>
);

/** /developer: who makes the site and what it stands on (the developer credits). */
const DeveloperPage = () => {
  const { t } = useTranslation('about');
  const config = useWebsiteConfig().data;
  const project = config?.projectName;
  return (
    <Panel title={t('Developer')}>
      <h3 className="oj-about__heading" style={{ marginTop: 0 }}>
        {t('Developer_Credits')}
      </h3>
      <p className="oj-about__lead">{t('Developer_Team')}</p>
      {project && (
        <p className="oj-about__lead">
          {t('Developer_Project')}
          {t('Credit_Separator')}
          {config?.projectUrl ? <External href={config.projectUrl}>{project}</External> : project}
        </p>
      )}
      <p className="oj-about__lead">{t('Developer_HOJ')}</p>
      <h3 className="oj-about__heading">{t('Developer_Open_Source')}</h3>
      <ul className="oj-about__credits">
        {CREDITS.map((c) => (
          <li key={c.name}>
            <External href={c.url}>{c.name}</External>
            {t('Credit_Separator')}
            {t(c.role)}
          </li>
        ))}
      </ul>
    </Panel>
  );
};

export default DeveloperPage;
