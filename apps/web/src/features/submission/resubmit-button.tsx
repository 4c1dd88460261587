import { SyncOutlined } from '@ant-design/icons';
import { submission as contract, type Submission } from '@oj/shared';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { toast } from '../../lib/notify';

/** The refresh icon of a failed remote submission (spec 1-core §4): GET /api/resubmit, "Resubmitted Successfully", and
 * the fresh row handed back so the list or the detail polls it again. A refusal is shown by the HTTP client. */
export const ResubmitButton = ({ row, onResubmitted }: { row: Submission; onResubmitted: (s: Submission) => void }) => {
  const { t } = useTranslation('submission');
  const [busy, setBusy] = useState(false);
  const resubmit = async () => {
    setBusy(true);
    try {
      onResubmitted(await api.call(contract.resubmit, { submitId: row.submitId }));
      toast.success(t('Resubmitted_Successfully'));
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Tooltip title={t('Resubmit')}>
      <Button
        size="small"
        type="text"
        aria-label={`${t('Resubmit')} #${row.submitId}`}
        icon={<SyncOutlined />}
        loading={busy}
        onClick={() => void resubmit()}
      />
    </Tooltip>
  );
};
