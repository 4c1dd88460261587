import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import qrContactGroup from '../../assets/qr-contact-group.svg';
import qrOfficialAccount from '../../assets/qr-official-account.svg';
import { useWebsiteConfig } from '../site/use-website-config';

const QR_SIZE = 96;

/** Footer: training-school brand, two QR images, the filing number. */
export const SiteFooter = () => {
  const { t } = useTranslation();
  const config = useWebsiteConfig().data;
  const qrs = [
    { src: qrOfficialAccount, caption: t('QR_Official_Account') },
    { src: qrContactGroup, caption: t('QR_Contact_Group') },
  ];
  return (
    <div className="oj-footer">
      <Space orientation="vertical" align="center" size="small" style={{ width: '100%' }}>
        <Space size="large" wrap style={{ justifyContent: 'center' }}>
          {qrs.map((qr) => (
            <figure key={qr.src} className="oj-footer__qr">
              <img src={qr.src} width={QR_SIZE} height={QR_SIZE} alt={qr.caption} />
              <figcaption>{qr.caption}</figcaption>
            </figure>
          ))}
        </Space>
        {config?.footerBrand && <strong>{config.footerBrand}</strong>}
        {config?.recordName && (
          <span className="oj-footer__secondary">
            {t('Filing_Number')}:{' '}
            {config.recordUrl ? (
              <a href={config.recordUrl} target="_blank" rel="noopener noreferrer">
                {config.recordName}
              </a>
            ) : (
              config.recordName
            )}
          </span>
        )}
        {config?.projectName && (
          <span className="oj-footer__secondary">
            {t('Powered_By')}{' '}
            {config.projectUrl ? (
              <a href={config.projectUrl} target="_blank" rel="noopener noreferrer">
                {config.projectName}
              </a>
            ) : (
              config.projectName
            )}
          </span>
        )}
      </Space>
    </div>
  );
};
