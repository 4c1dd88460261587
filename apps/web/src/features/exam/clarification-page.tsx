import type { Clarification, ContestProblem } from '@oj/shared';
import { exam } from '@oj/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Form, Input, Pagination, Select, Space, Spin, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { toast } from '../../lib/notify';
import { useApiMutation } from '../../lib/use-api-mutation';
import { useContestContext } from '../contest/contest-detail-page';
import { downloadClarifications } from '../contest/contest-downloads';
import { CLARIFICATION_PAGE_SIZE, clarificationsKey, fetchClarifications } from './clarification-api';
import { markOwnChange } from './own-changes';
import './clarification-page.css';

const { EXAM } = exam;
const NS = ['exam', 'contest'];
/** The select's value for "the whole contest" (a problem's is its id). */
const WHOLE = 0;

const problemOptions = (problems: ContestProblem[], whole: string) => [
  { value: WHOLE, label: whole },
  ...problems.map((p) => ({ value: p.pid, label: `${p.displayId} ${p.displayTitle}` })),
];

/** A question (or a broadcast) with its problem, where it stands and its text; with the answer once there is one. */
const ClarificationItem = ({ c, admin }: { c: Clarification; admin: boolean }) => {
  const { t } = useTranslation(NS);
  const status = c.broadcast ? (
    <Tag color="blue">{t('Clar_Broadcast_Tag')}</Tag>
  ) : !c.answer ? (
    <Tag color="orange">{t('Clar_Unanswered')}</Tag>
  ) : c.toAll ? (
    <Tag color="green">{t('Clar_Answered_All')}</Tag>
  ) : (
    <Tag color="purple">{t('Clar_Answered_Private')}</Tag>
  );
  const about = c.pid === null ? t('Clar_Whole_Contest') : `${c.displayId ?? ''} ${c.problemTitle ?? ''}`.trim();
  return (
    <Card size="small" role="article" aria-label={`${about}: ${c.content.slice(0, 60)}`} style={{ marginBottom: 12 }}>
      {/* In the body, not the card's title: a title is cut to one line, and a phone would lose the tags. */}
      <Space wrap size={4} style={{ marginBottom: 8 }}>
        {status}
        <Tag>{about}</Tag>
        <Typography.Text type="secondary">{dayjs(c.gmtCreate).format('YYYY-MM-DD HH:mm:ss')}</Typography.Text>
        {c.username && (
          <Typography.Text type="secondary">{t('Clar_Asked_By', { username: c.username })}</Typography.Text>
        )}
      </Space>
      <div className="oj-clar-text">{c.content}</div>
      {c.answer && !c.broadcast && (
        <div className="oj-clar-answer">
          <Typography.Text strong>{t('Clar_Answer')}</Typography.Text>
          <div className="oj-clar-text">{c.answer}</div>
          {c.gmtAnswered && (
            <Typography.Text type="secondary">{dayjs(c.gmtAnswered).format('YYYY-MM-DD HH:mm:ss')}</Typography.Text>
          )}
        </div>
      )}
      {admin && !c.broadcast && <AnswerForm c={c} />}
    </Card>
  );
};

/** A contest admin's answer to one question: to its asker alone or to everyone (answering again replaces it). */
const AnswerForm = ({ c }: { c: Clarification }) => {
  const { t } = useTranslation(NS);
  const [open, setOpen] = useState(!c.answer);
  const [text, setText] = useState(c.answer ?? '');
  const answer = useApiMutation({
    mutationFn: (toAll: boolean) => api.call(exam.answerClarification, { id: c.id, answer: text.trim(), toAll }),
    invalidates: [clarificationsKey(c.cid)],
    onSuccess: (saved) => {
      // Answered to everyone, the stream tells this tab too: not announced back (a private answer is told the asker).
      if (saved.toAll) markOwnChange(saved.id);
      toast.success(t('Clar_Answer_Saved'));
      setOpen(false);
    },
  });
  if (!open) {
    return (
      <Button size="small" style={{ marginTop: 8 }} onClick={() => setOpen(true)}>
        {t('Clar_Answer_Again')}
      </Button>
    );
  }
  const empty = !text.trim();
  return (
    <div style={{ marginTop: 12 }}>
      <Input.TextArea
        aria-label={t('Clar_Answer_Label')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={EXAM.answerMax}
        autoSize={{ minRows: 2, maxRows: 8 }}
      />
      <Space wrap style={{ marginTop: 8 }}>
        <Button
          type="primary"
          disabled={empty}
          loading={answer.isPending && answer.variables === true}
          onClick={() => answer.mutate(true)}
        >
          {t('Clar_Answer_To_All')}
        </Button>
        <Button
          disabled={empty}
          loading={answer.isPending && answer.variables === false}
          onClick={() => answer.mutate(false)}
        >
          {t('Clar_Answer_Private')}
        </Button>
      </Space>
    </div>
  );
};

interface AskValues {
  pid: number;
  content: string;
}

/** A question (a participant) or a broadcast (a contest admin): about the contest or one of its problems. */
const AskForm = ({ broadcast }: { broadcast: boolean }) => {
  const { t } = useTranslation(NS);
  const { contest, problems } = useContestContext();
  const [form] = Form.useForm<AskValues>();
  const send = useApiMutation({
    mutationFn: ({ pid, content }: AskValues) => {
      const input = { cid: contest.id, pid: pid === WHOLE ? null : pid, content: content.trim() };
      return broadcast ? api.call(exam.broadcastClarification, input) : api.call(exam.askClarification, input);
    },
    invalidates: [clarificationsKey(contest.id)],
    onSuccess: (saved) => {
      // A broadcast comes back on this tab's stream too: not announced to the one who sent it. (A question is told
      // the contest's admins, and its asker when it is answered: that one is announced.)
      if (broadcast) markOwnChange(saved.id);
      toast.success(t(broadcast ? 'Clar_Broadcast_Sent' : 'Clar_Sent'));
      form.resetFields(['content']);
    },
  });
  const label = t(broadcast ? 'Clar_Broadcast_Label' : 'Clar_Question');
  return (
    <Form<AskValues>
      form={form}
      layout="vertical"
      initialValues={{ pid: WHOLE, content: '' }}
      onFinish={(v) => send.mutate(v)}
      aria-label={t(broadcast ? 'Clar_Broadcast' : 'Clar_Ask')}
    >
      <Form.Item name="pid" label={t('Clar_About')}>
        <Select
          aria-label={t('Clar_About')}
          options={problemOptions(problems, t('Clar_Whole_Contest'))}
          style={{ maxWidth: 360 }}
        />
      </Form.Item>
      <Form.Item
        name="content"
        label={label}
        rules={[{ required: true, whitespace: true, message: t('Contest_Field_Required') }]}
      >
        <Input.TextArea
          aria-label={label}
          maxLength={EXAM.clarificationMax}
          showCount
          autoSize={{ minRows: 3, maxRows: 10 }}
          placeholder={broadcast ? undefined : t('Clar_Question_Placeholder')}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={send.isPending}>
        {t(broadcast ? 'Clar_Broadcast' : 'Clar_Send')}
      </Button>
    </Form>
  );
};

/** /contest/:contestID/clarification (decision 0055): a participant asks about the contest or a problem and sees his
 * questions and those answered to everyone; the contest's admins see every question (unanswered first), answer
 * privately or to everyone, broadcast, and export them as CSV. The list follows the stream's `clarification` event:
 * the contest shell's notice (use-clarification-alerts.tsx), always there around this tab, reads it again. */
const ClarificationPage = () => {
  const { t } = useTranslation(NS);
  const { contest, admin } = useContestContext();
  const cid = contest.id;
  const [currentPage, setCurrentPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const list = useQuery({
    queryKey: [...clarificationsKey(cid), currentPage],
    queryFn: () => fetchClarifications(cid, currentPage),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.records ?? [];
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadClarifications(cid);
    } catch {
      // The HTTP client has shown why.
    } finally {
      setExporting(false);
    }
  };
  return (
    <section aria-label={t('Clarifications')} className="oj-clar">
      {admin ? (
        <Card size="small" title={t('Clar_Broadcast')} style={{ marginBottom: 16 }}>
          <AskForm broadcast />
        </Card>
      ) : (
        <Card size="small" title={t('Clar_Ask')} style={{ marginBottom: 16 }}>
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            title={t('Clar_Limit_Tip', {
              count: EXAM.clarificationsPerWindow,
              minutes: Math.round(EXAM.clarificationWindowMs / 60_000),
            })}
          />
          <AskForm broadcast={false} />
        </Card>
      )}
      <Space wrap style={{ marginBottom: 12, justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('Clarifications')}
        </Typography.Title>
        {admin && (
          <Button loading={exporting} onClick={() => void exportCsv()}>
            {t('Clar_Export')}
          </Button>
        )}
      </Space>
      {admin && <Typography.Paragraph type="secondary">{t('Clar_Admin_Tip')}</Typography.Paragraph>}
      {list.isLoading ? (
        <Spin />
      ) : !rows.length ? (
        <Empty description={t('Clar_Empty')} />
      ) : (
        <>
          {rows.map((c) => (
            <ClarificationItem key={`${c.id}-${c.gmtAnswered ?? ''}`} c={c} admin={admin} />
          ))}
          <Pagination
            current={currentPage}
            pageSize={CLARIFICATION_PAGE_SIZE}
            total={list.data?.total ?? 0}
            onChange={setCurrentPage}
            hideOnSinglePage
          />
        </>
      )}
    </section>
  );
};

export default ClarificationPage;
