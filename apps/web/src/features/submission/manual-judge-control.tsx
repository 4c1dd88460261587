import { ToolOutlined } from '@ant-design/icons';
import type { Submission } from '@oj/shared';
import { submission as contract, JUDGE_STATUS } from '@oj/shared';
import { Button, Form, InputNumber, Modal, Popover, Select, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { toast } from '../../lib/notify';
import { MANUAL_JUDGE_STATUSES, manualJudgeRules, statusKey } from './judge-status';

/** The admin's manual-judge popover and dialog (the rules are manualJudgeRules in judge-status.ts). */
export const ManualJudgeControl = ({
  row,
  isSuperAdmin,
  onChange,
}: {
  row: Submission;
  isSuperAdmin: boolean;
  onChange: (row: Submission) => void;
}) => {
  const { t } = useTranslation(['submission', 'problem']);
  const [popoverOpen, setPopoverOpen] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [selected, setSelected] = useState<number | null>(null);
  const [score, setScore] = useState<number | null>(row.score);
  const [busy, setBusy] = useState(false);
  const rules = manualJudgeRules({ status: row.status, isSuperAdmin, selected });
  // An OI-type problem's verdict carries its rank score beside its score, and the score is typed by hand; an ACM-type
  // problem's score in an OI contest follows its verdict (full score on Accepted, else 0), so it has no field here.
  const hasScore = row.score !== null && row.oiRankScore !== null;

  const cancel = async () => {
    setBusy(true);
    try {
      onChange({ ...(await api.call(contract.cancelJudge, { submitId: row.submitId })), isManual: true });
      toast.success(t('Cancel_Successfully'));
      setPopoverOpen(false);
    } finally {
      setBusy(false);
    }
  };

  const update = async () => {
    if (selected === null) return;
    setBusy(true);
    try {
      const input = { submitId: row.submitId, status: selected, score: hasScore ? (score ?? undefined) : undefined };
      onChange({ ...(await api.call(contract.manualJudge, input)), isManual: true });
      toast.success(t('Update_Successfully'));
      setDialogOpen(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Popover
        trigger="click"
        open={popoverOpen && !rules.controlDisabled}
        onOpenChange={setPopoverOpen}
        content={
          <Space>
            <Button
              size="small"
              disabled={rules.manualDisabled}
              onClick={() => {
                setPopoverOpen(false);
                setSelected(null);
                setScore(row.score);
                setDialogOpen(true);
              }}
            >
              {t('Manual_Judge')}
            </Button>
            <Button size="small" danger disabled={rules.cancelDisabled} loading={busy} onClick={cancel}>
              {t('Cancel_Judge')}
            </Button>
          </Space>
        }
      >
        <Tooltip title={t('Manual_Judge')}>
          <Button
            size="small"
            type="text"
            aria-label={t('Manual_Judge')}
            icon={<ToolOutlined />}
            disabled={rules.controlDisabled}
          />
        </Tooltip>
      </Popover>
      <Modal
        open={dialogOpen}
        title={`${t('Manual_Judge')} · ${row.submitId}`}
        onCancel={() => setDialogOpen(false)}
        okText={t('Update')}
        cancelText={t('Cancel')}
        okButtonProps={{ disabled: rules.updateDisabled || (hasScore && score === null), loading: busy }}
        onOk={update}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item
            label={t('Status')}
            required
            validateStatus={selected === null ? 'error' : undefined}
            help={selected === null ? t('Manual_Status_Required') : undefined}
          >
            <Select
              aria-label={t('Status')}
              value={selected ?? undefined}
              onChange={setSelected}
              options={[...MANUAL_JUDGE_STATUSES, JUDGE_STATUS.CANCELLED].map((s) => ({
                value: s,
                label: t(statusKey(s)),
                disabled: s === JUDGE_STATUS.CANCELLED,
              }))}
            />
          </Form.Item>
          {hasScore && (
            <Form.Item
              label={t('Score')}
              required
              validateStatus={score === null ? 'error' : undefined}
              help={score === null ? t('Manual_Score_Required') : undefined}
            >
              <InputNumber aria-label={t('Score')} min={0} value={score} onChange={(v) => setScore(v)} />
            </Form.Item>
          )}
        </Form>
      </Modal>
    </>
  );
};
