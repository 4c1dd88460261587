import { LoadingOutlined } from '@ant-design/icons';
import { JUDGE_STATUS } from '@oj/shared';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../lib/create-store';
import { liveProgress } from '../../lib/live-events';
import { isInProgress, STATUS_META, statusKey } from './judge-status';

/** A judge status as a coloured tag; in-progress statuses spin. With `submitId`, a submission being
 * judged shows the cases done as the live stream tells them ("case 7/20"). */
export const StatusTag = ({ status, submitId }: { status: number; submitId?: number }) => {
  // The status names live with the core pages' texts; a page outside that area (a contest's problem list) may
  // show the tag first.
  const { t } = useTranslation('submission');
  const progress = useStore(liveProgress)[submitId ?? -1];
  return (
    <Tag color={STATUS_META[status]?.color} icon={isInProgress(status) ? <LoadingOutlined spin /> : undefined}>
      {t(statusKey(status))}
      {progress && status === JUDGE_STATUS.JUDGING ? ` ${t('Case_Progress', progress)}` : null}
    </Tag>
  );
};
