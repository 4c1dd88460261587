import { Form, Modal, Radio, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { type AcSubmissionSplit, downloadContestAcSubmission } from '../../contest/contest-downloads';

/** "Download AC code" of the admin contest list: the contest's accepted code as a zip, with or
 * without the admins' own, one folder per user or per problem. */
export const AdminContestAcCodeDialog = ({
  contest,
  onClose,
}: {
  /** The contest to download from; null keeps the dialog closed. */
  contest: { id: number; title: string } | null;
  onClose: () => void;
}) => {
  const { t } = useTranslation('contest');
  const [excludeAdmin, setExcludeAdmin] = useState(true);
  const [splitType, setSplitType] = useState<AcSubmissionSplit>('user');
  // A failure the HTTP client has shown: the dialog stays open for another try.
  const download = useApiMutation({
    mutationFn: (cid: number) => downloadContestAcSubmission(cid, excludeAdmin, splitType),
    onSuccess: () => onClose(),
  });

  return (
    <Modal
      open={!!contest}
      title={contest ? `${t('Download_AC_Code')}: ${contest.title}` : t('Download_AC_Code')}
      okText={t('Staff_OK_Download')}
      cancelText={t('Staff_Cancel')}
      confirmLoading={download.isPending}
      onOk={() => {
        if (contest) download.mutate(contest.id);
      }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="horizontal" labelCol={{ span: 6 }}>
        <Form.Item label={<span id="ac-code-exclude-admin">{t('Exclude_Admin')}</span>}>
          <Switch aria-labelledby="ac-code-exclude-admin" checked={excludeAdmin} onChange={setExcludeAdmin} />
        </Form.Item>
        <Form.Item label={<span id="ac-code-split-type">{t('Split_Type')}</span>}>
          <Radio.Group
            aria-labelledby="ac-code-split-type"
            value={splitType}
            onChange={(e) => setSplitType(e.target.value as AcSubmissionSplit)}
            options={[
              { value: 'user', label: t('Split_By_User') },
              { value: 'problem', label: t('Split_By_Problem') },
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
};
