import { plagiarism as contract, type PlagiarismCluster, type PlagiarismDecision } from '@oj/shared';
import { Button, Input, Modal, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { toast } from '../../lib/notify';
import { queryKey } from '../../lib/query-keys';
import { useApiMutation } from '../../lib/use-api-mutation';

/** The scope a page is about (plagiarism-page.tsx scopeOfRoute): a decision belongs to it (decision 0049). */
export type DecisionScope = { cid?: number; tid?: number; gid?: number; pid?: number };

/** The scope as a call about one of its problems names it: a problem's own page names the problem as its scope, so
 * only a contest, training or group goes beside the call's `pid`. */
export const scopeBesideProblem = ({ cid, tid, gid }: DecisionScope) => ({ cid, tid, gid });

const COLORS: Record<PlagiarismDecision, string> = { confirmed: 'red', dismissed: 'default', pending: 'gold' };

/** A pair's decision as a tag; "not decided" in plain text. */
export const DecisionTag = ({ decision }: { decision: PlagiarismDecision | null }) => {
  const { t } = useTranslation(['plagiarism']);
  if (!decision) return <Typography.Text type="secondary">{t('Plag_Decision_None')}</Typography.Text>;
  return <Tag color={COLORS[decision]}>{t(`Plag_Decision_${decision}`)}</Tag>;
};

/** The choice and the note, as the pair view and the cluster dialog ask them. */
const DecisionFields = (p: {
  decision: PlagiarismDecision;
  onDecision: (d: PlagiarismDecision) => void;
  note: string;
  onNote: (note: string) => void;
}) => {
  const { t } = useTranslation(['plagiarism']);
  return (
    <>
      <Select
        aria-label={t('Plag_Decision')}
        value={p.decision}
        onChange={p.onDecision}
        options={contract.PLAGIARISM_DECISIONS.map((d) => ({ value: d, label: t(`Plag_Decision_${d}`) }))}
        style={{ width: 200 }}
      />
      <Input.TextArea
        aria-label={t('Plag_Note')}
        placeholder={t('Plag_Note_Placeholder')}
        value={p.note}
        maxLength={contract.PLAGIARISM_NOTE_MAX}
        autoSize={{ minRows: 2, maxRows: 6 }}
        onChange={(e) => p.onNote(e.target.value)}
      />
    </>
  );
};

/** What the admin decides about the two users of a pair on its problem, with a note; saved for the scope, so the
 * scope's later checks show it too. */
export const DecisionForm = ({
  scope,
  pid,
  left,
  right,
  decision,
  note,
}: {
  scope: DecisionScope;
  pid: number;
  left: { uid: string; username: string };
  right: { uid: string; username: string };
  decision: PlagiarismDecision | null;
  note: string;
}) => {
  const { t } = useTranslation(['plagiarism']);
  const [chosen, setChosen] = useState<PlagiarismDecision>(decision ?? 'pending');
  const [text, setText] = useState(note);
  const save = useApiMutation({
    mutationFn: () =>
      api.call(contract.setDecision, {
        ...scopeBesideProblem(scope),
        pid,
        leftUid: left.uid,
        rightUid: right.uid,
        decision: chosen,
        note: text,
      }),
    invalidates: [queryKey(contract.listPairs), queryKey(contract.getPair)],
    onSuccess: () => toast.success(t('Plag_Decision_Saved')),
  });
  const label = t('Plag_Decision_Of', { left: left.username, right: right.username });
  return (
    <section className="oj-plag-decision" aria-label={label}>
      <Typography.Title level={5}>
        {t('Plag_Decision')} <DecisionTag decision={decision} />
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('Plag_Decision_Hint')}</Typography.Paragraph>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <DecisionFields decision={chosen} onDecision={setChosen} note={text} onNote={setText} />
        <Button type="primary" loading={save.isPending} onClick={() => void save.settle()}>
          {t('Plag_Save_Decision')}
        </Button>
      </Space>
    </section>
  );
};

/** One decision for every pair of a cluster on one of its problems. */
export const ClusterDecision = ({
  checkId,
  cluster,
  problemName,
}: {
  checkId: number;
  cluster: PlagiarismCluster;
  problemName: (pid: number) => string;
}) => {
  const { t } = useTranslation(['plagiarism']);
  const [open, setOpen] = useState(false);
  const [pid, setPid] = useState(cluster.pids[0]);
  const [chosen, setChosen] = useState<PlagiarismDecision>('confirmed');
  const [text, setText] = useState('');
  const save = useApiMutation({
    mutationFn: () =>
      api.call(contract.setClusterDecision, { checkId, uids: cluster.uids, pid, decision: chosen, note: text }),
    invalidates: [queryKey(contract.listPairs), queryKey(contract.getPair)],
    onSuccess: (r) => {
      toast.success(t('Plag_Cluster_Decision_Saved', { count: r.count }));
      setOpen(false);
    },
  });
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>
        {t('Plag_Decide_Cluster')}
      </Button>
      <Modal
        open={open}
        title={t('Plag_Cluster_Decision_Title')}
        okText={t('Plag_Save_Decision')}
        confirmLoading={save.isPending}
        onOk={() => void save.settle()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('Plag_Cluster_Decision_Hint')}</Typography.Paragraph>
        <Typography.Paragraph>{cluster.usernames.join(', ')}</Typography.Paragraph>
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Select
            aria-label={t('Plag_Problem')}
            value={pid}
            onChange={setPid}
            options={cluster.pids.map((p) => ({ value: p, label: problemName(p) }))}
          />
          <DecisionFields decision={chosen} onDecision={setChosen} note={text} onNote={setText} />
        </Space>
      </Modal>
    </>
  );
};
