import { discussion as contract } from '@oj/shared';
import { Checkbox, Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { toast } from '../../lib/notify';
import { useApiMutation } from '../../lib/use-api-mutation';
import { buildReportContent } from './discussion-model';

const { DISCUSSION_LIMITS, REPORT_TAGS } = contract;

/** The report dialog: the six fixed tags and a reason of at most 200 characters; at least one
 * of them. The content sent is "#tag#" for each chosen tag, then the reason. */
export const DiscussionReportDialog = ({ did, open, onClose }: { did: number; open: boolean; onClose: () => void }) => {
  const { t } = useTranslation('discussion');
  const [tags, setTags] = useState<string[]>([]);
  const [reason, setReason] = useState('');

  useEffect(() => {
    if (open) {
      setTags([]);
      setReason('');
    }
  }, [open]);

  // A refusal keeps the dialog open with what was chosen.
  const report = useApiMutation({
    mutationFn: (content: string) => api.call(contract.reportDiscussion, { did, content }),
    onSuccess: () => {
      toast.success(t('Send_successfully'));
      onClose();
    },
  });

  const submit = () => {
    const content = buildReportContent(tags, reason);
    if (content === null) {
      toast.warning(t('Discussion_Report_Empty'));
      return;
    }
    report.mutate(content);
  };

  return (
    <Modal
      open={open}
      title={t('Discussion_Report_Title')}
      onCancel={onClose}
      onOk={submit}
      okText={t('Discussion_Report_Submit')}
      cancelText={t('Discussion_Cancel')}
      confirmLoading={report.isPending}
    >
      <Form layout="vertical">
        <Form.Item label={t('Discussion_Report_Tags')}>
          <Checkbox.Group
            aria-label={t('Discussion_Report_Tags')}
            value={tags}
            onChange={(v) => setTags(v as string[])}
            options={REPORT_TAGS.map((tag, i) => ({ value: tag, label: t(`Report_Tag_${i}`) }))}
          />
        </Form.Item>
        <Form.Item label={t('Discussion_Report_Reason')}>
          <Input.TextArea
            aria-label={t('Discussion_Report_Reason')}
            placeholder={t('Discussion_Report_Reason_Placeholder')}
            value={reason}
            maxLength={DISCUSSION_LIMITS.reportReason}
            showCount
            autoSize={{ minRows: 3, maxRows: 6 }}
            onChange={(e) => setReason(e.target.value)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
};
