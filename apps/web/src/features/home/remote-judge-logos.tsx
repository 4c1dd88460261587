import { Col } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import atcoder from '../../assets/remote-judges/atcoder.svg';
import codeforces from '../../assets/remote-judges/codeforces.svg';
import gym from '../../assets/remote-judges/gym.svg';
import hdu from '../../assets/remote-judges/hdu.svg';
import poj from '../../assets/remote-judges/poj.svg';
import spoj from '../../assets/remote-judges/spoj.svg';
import { Panel } from '../../components/panel';
import { REMOTE_JUDGE_NAMES, REMOTE_OJ_KEYS, type RemoteOjKey, remoteBankPath } from '../remote-judge/remote-judges';

/** Text marks drawn for this site, shipped with the app (no request leaves the site). */
const LOGOS: Record<RemoteOjKey, string> = { HDU: hdu, CF: codeforces, POJ: poj, GYM: gym, AC: atcoder, SPOJ: spoj };

/** "Logos of the remote judges" on home: each opens the problem list filtered to that bank. */
export const RemoteJudgeLogos = () => {
  const { t } = useTranslation();
  return (
    <Col span={24}>
      <Panel title={t('Remote_Judges')}>
        <ul className="oj-remote-logos">
          {REMOTE_OJ_KEYS.map((key) => {
            const label = t('Remote_Bank_Link', { name: REMOTE_JUDGE_NAMES[key] });
            const logo = <img src={LOGOS[key]} alt={REMOTE_JUDGE_NAMES[key]} width={160} height={48} />;
            return (
              <li key={key}>
                <Link to={remoteBankPath(key)} aria-label={label} title={label}>
                  {logo}
                </Link>
              </li>
            );
          })}
        </ul>
      </Panel>
    </Col>
  );
};
