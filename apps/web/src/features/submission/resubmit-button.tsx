import { SyncOutlined } from '@ant-design/icons';
import { submission as contract, type Submission } from '@oj/shared';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { toast } from '../../lib/notify';
import { useApiMutation } from '../../lib/use-api-mutation';

/** The refresh icon of a failed remote submission: GET /api/resubmit, "Resubmitted Successfully", and
 * the fresh row handed back so the list or the detail polls it again. A refusal is shown by the HTTP client. */
export const ResubmitButton = ({ row, onResubmitted }: { row: Submission; onResubmitted: (s: Submission) => void }) => {
  const { t } = useTranslation('submission');
  const resubmit = useApiMutation({
    mutationFn: () => api.call(contract.resubmit, { submitId: row.submitId }),
    onSuccess: (fresh) => {
      onResubmitted(fresh);
      toast.success(t('Resubmitted_Successfully'));
    },
  });
  return (
    <Tooltip title={t('Resubmit')}>
      <Button
        size="small"
        type="text"
        aria-label={`${t('Resubmit')} #${row.submitId}`}
        icon={<SyncOutlined />}
        loading={resubmit.isPending}
        onClick={() => resubmit.mutate()}
      />
    </Tooltip>
  );
};
