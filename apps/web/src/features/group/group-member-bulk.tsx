import { UsergroupAddOutlined } from '@ant-design/icons';
import { group as contract } from '@oj/shared';
import { Alert, Button, Input, Modal, Tag, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { useApiMutation } from '../../lib/use-api-mutation';
import { byOutcome, splitUsernames } from './group-model';

/** The member tab's bulk parts (decision 0041): the add-members dialog and the report of a bulk call. */

type BulkAddOutcome = contract.BulkAddOutcome;
type BulkAnswerOutcome = contract.BulkAnswerOutcome;
type BulkRemoveOutcome = contract.BulkRemoveOutcome;

type Outcome = BulkAddOutcome | BulkAnswerOutcome | BulkRemoveOutcome;

export const ADD_OUTCOMES: readonly BulkAddOutcome[] = ['added', 'approved', 'alreadyMember', 'noSuchUser'];
export const ANSWER_OUTCOMES: readonly BulkAnswerOutcome[] = ['approved', 'refused', 'notApplying'];
export const REMOVE_OUTCOMES: readonly BulkRemoveOutcome[] = ['removed', 'owner', 'self', 'levelTooHigh', 'notMember'];

/** What the call did is green (orange for a refusal); what it left alone grey; what it could not do red. */
const COLOR: Record<Outcome, string> = {
  added: 'green',
  approved: 'green',
  removed: 'green',
  refused: 'orange',
  alreadyMember: 'default',
  notApplying: 'default',
  notMember: 'default',
  noSuchUser: 'red',
  owner: 'red',
  self: 'red',
  levelTooHigh: 'red',
};
const DONE = new Set<Outcome>(['added', 'approved', 'removed', 'refused']);

export const OutcomeTag = ({ outcome }: { outcome: Outcome }) => {
  const { t } = useTranslation('group');
  return (
    <Tag color={COLOR[outcome]} style={{ marginInlineEnd: 0 }}>
      {t(`Group_Outcome_${outcome}`)}
    </Tag>
  );
};

/** A bulk call's report: one line per outcome with the users it concerns. */
export const BulkReport = <O extends Outcome>({
  results,
  order,
  onClose,
}: {
  results: { name: string; outcome: O }[];
  order: readonly O[];
  onClose: () => void;
}) => {
  const { t } = useTranslation('group');
  const groups = byOutcome(results, order);
  return (
    <Alert
      className="oj-group-bulk-report"
      role="status"
      type={results.every((r) => DONE.has(r.outcome)) ? 'success' : 'warning'}
      showIcon
      closable={{ onClose, 'aria-label': t('Group_Close') }}
      title={
        <ul>
          {groups.map((g) => (
            <li key={g.outcome}>
              {t('Group_Outcome_Line', {
                label: t(`Group_Outcome_${g.outcome}`),
                count: g.names.length,
                names: g.names.join(t('Group_Name_Separator')),
              })}
            </li>
          ))}
        </ul>
      }
    />
  );
};

/** "Add members": usernames pasted one per line or separated by commas or spaces, then each user's result. */
export const AddMembersDialog = ({ gid, onAdded }: { gid: number; onAdded: () => void }) => {
  const { t } = useTranslation('group');
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [results, setResults] = useState<{ username: string; outcome: BulkAddOutcome }[] | null>(null);
  const fieldId = useId();
  const names = splitUsernames(text);
  const tooMany = names.length > contract.GROUP_BULK_MAX;
  const add = useApiMutation({
    mutationFn: (usernames: string[]) => api.call(contract.addMembers, { gid, usernames }),
    onSuccess: (out) => {
      setResults(out.results);
      if (out.results.some((r) => r.outcome === 'added' || r.outcome === 'approved')) onAdded();
    },
  });
  const close = () => {
    setOpen(false);
    setText('');
    setResults(null);
  };
  const summary = results
    ? byOutcome(
        results.map((r) => ({ name: r.username, outcome: r.outcome })),
        ADD_OUTCOMES,
      )
    : [];

  return (
    <>
      <Button icon={<UsergroupAddOutlined />} onClick={() => setOpen(true)}>
        {t('Group_Add_Members')}
      </Button>
      <Modal
        open={open}
        title={t('Group_Add_Members_Title')}
        onCancel={close}
        destroyOnHidden
        footer={[
          <Button key="close" onClick={close}>
            {t('Group_Close')}
          </Button>,
          <Button
            key="add"
            type="primary"
            loading={add.isPending}
            disabled={names.length === 0 || tooMany}
            onClick={() => add.mutate(names)}
          >
            {t('Group_Add')}
          </Button>,
        ]}
      >
        <label htmlFor={fieldId} className="oj-group-bulk-label">
          {t('Group_Usernames_Hint')}
        </label>
        <Input.TextArea
          id={fieldId}
          aria-label={t('Group_Usernames')}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setResults(null);
          }}
          autoSize={{ minRows: 5, maxRows: 12 }}
        />
        <Typography.Text type={tooMany ? 'danger' : 'secondary'} className="oj-group-bulk-count">
          {tooMany
            ? t('Group_Usernames_Too_Many', { max: contract.GROUP_BULK_MAX })
            : t('Group_Usernames_Count', { count: names.length })}
        </Typography.Text>
        {results && (
          <section aria-label={t('Group_Add_Results')} className="oj-group-bulk-results">
            <h5>{t('Group_Add_Results')}</h5>
            <p>
              {summary.map((g) => (
                <Tag key={g.outcome} color={COLOR[g.outcome]}>
                  {t('Group_Outcome_Count', { label: t(`Group_Outcome_${g.outcome}`), count: g.names.length })}
                </Tag>
              ))}
            </p>
            <ul>
              {results.map((r) => (
                <li key={r.username}>
                  <span className="oj-group-bulk-name">{r.username}</span>
                  <OutcomeTag outcome={r.outcome} />
                </li>
              ))}
            </ul>
          </section>
        )}
      </Modal>
    </>
  );
};
