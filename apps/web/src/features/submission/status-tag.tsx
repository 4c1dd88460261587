import { LoadingOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { registerCorePagesTexts } from '../../locales/core-pages-texts';
import { isInProgress, STATUS_META, statusKey } from './judge-status';

/** A judge status as a coloured tag; in-progress statuses spin (spec 1-core §4). */
export const StatusTag = ({ status }: { status: number }) => {
  // The status names live with the core pages' texts; a page outside that area (a contest's problem list) may
  // show the tag first.
  registerCorePagesTexts();
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_META[status]?.color} icon={isInProgress(status) ? <LoadingOutlined spin /> : undefined}>
      {t(statusKey(status))}
    </Tag>
  );
};
