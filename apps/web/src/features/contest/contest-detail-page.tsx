import type { Contest, ContestProblem, VirtualRun } from '@oj/shared';
import { contest as contract } from '@oj/shared';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, notification, Popconfirm, Result, Space, Spin, Tabs } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate, useOutletContext, useParams } from 'react-router';
import { MarkdownView } from '../../components/markdown-view';
import { Panel } from '../../components/panel';
import { api } from '../../lib/api';
import { useSession } from '../../lib/auth-store';
import { useLiveContest, useLiveContestUp, useLiveEvent } from '../../lib/live-events';
import { toast } from '../../lib/notify';
import { queryKey } from '../../lib/query-keys';
import { useApiMutation } from '../../lib/use-api-mutation';
import { useOwnPageTitle } from '../../lib/use-page-title';
import { useClarificationAlerts } from '../exam/use-clarification-alerts';
import { useWebsiteConfig } from '../site/use-website-config';
import { ContestHeader } from './contest-header';
import { formatSeconds } from './contest-time';
import { ANNOUNCEMENT_POLL_MS } from './scoreboard-cells';
import {
  readAnnouncementsKey,
  readIdList,
  useContestClock,
  useContestInfo,
  useIsContestAdmin,
  writeIdList,
} from './use-contest';

const { CONTEST_AUTH, CONTEST_STATUS } = contract;

export interface ContestContext {
  contest: Contest;
  status: number;
  admin: boolean;
  problems: ContestProblem[];
}

export const useContestContext = () => useOutletContext<ContestContext>();

interface TabDef {
  key: string;
  labelKey: string;
  /** Shown at all (contest settings, role). */
  shown: boolean;
}

/** The tab a path belongs to: problem pages under problems, submission details under submissions. */
export const contestTabOf = (pathname: string, cid: string) => {
  const rest = pathname
    .replace(new RegExp(`^/contest/${cid}/?`), '')
    .split('/')
    .filter(Boolean);
  if (!rest.length) return 'overview';
  if (rest[0] === 'problem') return rest.includes('submission-detail') ? 'submissions' : 'problems';
  return rest[0] ?? 'overview';
};

/** Announcements are polled every 60 s until the end; each unseen one raises a persistent warning and its id is
 * kept locally so it is raised once. */
const useAnnouncementAlerts = (cid: number, enabled: boolean) => {
  const { t } = useTranslation('contest');
  // The shell's own holder: the warnings stay (duration 0) while the user moves between the contest's tabs.
  const [notifier, holder] = notification.useNotification();
  const live = useLiveContestUp(cid);
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: queryKey(contract.getContestNotReadAnnouncement, cid),
    queryFn: () =>
      api.call(
        contract.getContestNotReadAnnouncement,
        { cid, readAnnouncementList: readIdList<number>(readAnnouncementsKey(cid)) },
        { silent: true },
      ),
    enabled,
    // Polled while the live stream does not carry the contest; with it, each new announcement is told at once.
    refetchInterval: enabled && !live ? ANNOUNCEMENT_POLL_MS : false,
  });
  useLiveEvent('announcement', (e) => {
    if (e.cid !== cid) return;
    if (enabled) void query.refetch();
    void queryClient.invalidateQueries({ queryKey: queryKey(contract.getContestAnnouncement, cid) });
  });
  useEffect(() => {
    const fresh = query.data ?? [];
    if (!fresh.length) return;
    const seen = readIdList<number>(readAnnouncementsKey(cid));
    const unseen = fresh.filter((a) => !seen.includes(a.id));
    for (const a of unseen) {
      notifier.warning({ title: `${t('New_Announcement')}: ${a.title}`, description: a.content, duration: 0 });
    }
    writeIdList(readAnnouncementsKey(cid), [...seen, ...unseen.map((a) => a.id)]);
  }, [query.data, cid, t, notifier]);
  return holder;
};

const RegisterForm = ({ cid, onDone }: { cid: number; onDone: () => void }) => {
  const { t } = useTranslation('contest');
  return (
    <Form
      layout="inline"
      onFinish={async ({ password }: { password: string }) => {
        await api.call(contract.registerContest, { cid, password });
        toast.success(t('Register_contest_successfully'));
        onDone();
      }}
      style={{ justifyContent: 'center', marginTop: 16 }}
    >
      <Form.Item
        name="password"
        rules={[{ required: true, whitespace: true, message: t('Enter_the_contest_password') }]}
      >
        <Input.Password aria-label={t('Contest_Password')} placeholder={t('Enter_the_contest_password')} />
      </Form.Item>
      <Button type="primary" htmlType="submit">
        {t('Register_Contest')}
      </Button>
    </Form>
  );
};

/** The viewer's virtual participation in an ended contest (null: none). */
const useVirtualRun = (cid: number, enabled: boolean) =>
  useQuery({
    queryKey: queryKey(contract.getVirtual, cid),
    queryFn: () => api.call(contract.getVirtual, { cid }, { silent: true }),
    enabled,
    retry: false,
  }).data;

/** An ended contest's offer to sit it under one's own clock (decision 0051), or how the viewer's run stands. */
const VirtualParticipation = ({ contest, run }: { contest: Contest; run: VirtualRun | null | undefined }) => {
  const { t } = useTranslation('contest');
  const queryClient = useQueryClient();
  const start = useApiMutation({
    mutationFn: () => api.call(contract.startVirtual, { cid: contest.id }),
    invalidates: [queryKey(contract.getVirtual, contest.id), queryKey(contract.getContestRank)],
    onSuccess: () => {
      toast.success(t('Virtual_Started'));
      void queryClient.invalidateQueries({ queryKey: queryKey(contract.getContestProblem, contest.id) });
    },
  });
  if (run?.running) return null;
  if (!contest.allowVirtual)
    return <Alert type="info" showIcon title={t('Virtual_Closed')} style={{ marginTop: 16 }} />;
  return (
    <Space direction="vertical" style={{ marginTop: 16, width: '100%' }}>
      <Alert
        type="info"
        showIcon
        title={
          run ? t('Virtual_Ended', { time: dayjs(run.endTime).format('YYYY-MM-DD HH:mm:ss') }) : t('Virtual_Intro')
        }
      />
      <Popconfirm
        title={t(run ? 'Virtual_Start_Again' : 'Virtual_Start')}
        description={t('Virtual_Confirm', { duration: formatSeconds(contest.duration) })}
        onConfirm={() => start.mutate()}
      >
        <Button type="primary" loading={start.isPending}>
          {t(run ? 'Virtual_Start_Again' : 'Virtual_Start')}
        </Button>
      </Popconfirm>
    </Space>
  );
};

/** The contest shell /contest/:id: header with the clock, tabs by permission, the overview. */
const ContestDetailPage = () => {
  const { t } = useTranslation(['contest', 'submission']);
  const { contestID = '' } = useParams();
  const cid = Number(contestID);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const { isSuperAdmin } = useSession();
  const config = useWebsiteConfig().data;
  const info = useContestInfo(cid);
  const { user } = useSession();
  const run = useVirtualRun(cid, !!user && info.data?.status === CONTEST_STATUS.ENDED);
  // While the viewer's virtual participation runs, the contest runs on his clock (the server answers as it runs).
  // (One object per answer: the clock takes the server's time offset from each new one.)
  const c = useMemo(
    () => (info.data && run?.running ? { ...info.data, startTime: run.startTime, endTime: run.endTime } : info.data),
    [info.data, run],
  );
  // The window is titled with the contest's name on every tab of the contest.
  useOwnPageTitle(c?.title);
  const { nowMs, status } = useContestClock(c);
  const admin = useIsContestAdmin(c);
  const needsAccess = !!c && c.auth !== CONTEST_AUTH.PUBLIC && !admin;
  const access = useQuery({
    queryKey: queryKey(contract.getContestAccess, cid),
    queryFn: () => api.call(contract.getContestAccess, { cid }),
    enabled: needsAccess,
  });
  const denied =
    !!c && ((status === CONTEST_STATUS.SCHEDULED && !admin) || (needsAccess && access.data?.access !== true));
  // Outside the contest's account rule registering cannot help: the refusal says why, without the register form.
  const accountRuleRefused = needsAccess && access.data?.refusal === 'contestAccountLimit';
  const noAccessText = t(accountRuleRefused ? 'Contest_Account_Rule_Refused' : 'No_Contest_Access');
  const problems = useQuery({
    queryKey: queryKey(contract.getContestProblem, cid),
    queryFn: () => api.call(contract.getContestProblem, { cid }),
    enabled: !!c && !denied,
  });
  // The tab's event stream carries this contest's board and announcements while the viewer may see them.
  useLiveContest(c && !denied ? cid : undefined);
  const announcementHolder = useAnnouncementAlerts(cid, !!c && !denied && status !== CONTEST_STATUS.ENDED);
  const clarificationHolder = useClarificationAlerts(cid, !!c && !denied);

  // The problem list appears the second the contest starts (the clock crosses the start time).
  const lastStatus = useRef(status);
  useEffect(() => {
    if (lastStatus.current !== status && status !== null) {
      lastStatus.current = status;
      void queryClient.invalidateQueries({ queryKey: queryKey(contract.getContestInfo, cid) });
      void queryClient.invalidateQueries({ queryKey: queryKey(contract.getVirtual, cid) });
    }
  }, [status, cid, queryClient]);

  if (info.isLoading) return <Spin style={{ display: 'block', padding: 96 }} />;
  if (info.error || !c || status === null) {
    return (
      <Result
        status="warning"
        title={info.error?.message ?? t('Query_Error')}
        extra={<Button onClick={() => navigate('/contest')}>{t('Contest_List')}</Button>}
      />
    );
  }

  const acm = c.type === 0;
  // The contest's comments are closed to its participants while its exam runs: clarifications take their place.
  const examRunning = c.examMode && status === CONTEST_STATUS.RUNNING;
  const tabs: TabDef[] = [
    { key: 'overview', labelKey: 'Overview', shown: true },
    { key: 'problems', labelKey: 'Contest_Problems', shown: true },
    { key: 'submissions', labelKey: 'Submissions', shown: true },
    { key: 'rank', labelKey: 'Rankings', shown: true },
    { key: 'announcements', labelKey: 'Announcements', shown: true },
    { key: 'clarification', labelKey: 'Clarifications', shown: true },
    { key: 'comment', labelKey: 'Comment', shown: !!config?.openContestComment && !(examRunning && !admin) },
    { key: 'print', labelKey: 'Print', shown: c.openPrint },
    { key: 'ac-info', labelKey: 'AC_Info', shown: admin && acm },
    { key: 'admin-print', labelKey: 'Admin_Print', shown: admin && c.openPrint },
    { key: 'rejudge', labelKey: 'Rejudge', shown: isSuperAdmin },
    { key: 'scroll-board', labelKey: 'Scroll_Board', shown: admin && acm },
    { key: 'exam-sessions', labelKey: 'Exam_Sessions', shown: admin && c.examMode },
  ];
  const visible = tabs.filter((tab) => tab.shown);
  const active = contestTabOf(pathname, contestID);
  const context: ContestContext = { contest: c, status, admin, problems: problems.data ?? [] };

  return (
    <Panel>
      {announcementHolder}
      {clarificationHolder}
      <ContestHeader contest={c} nowMs={nowMs} status={status} virtual={!!run?.running} />
      <Tabs
        activeKey={active}
        onChange={(key) => navigate(key === 'overview' ? `/contest/${cid}` : `/contest/${cid}/${key}`)}
        items={visible.map((tab) => ({
          key: tab.key,
          label: t(tab.labelKey),
          disabled: tab.key !== 'overview' && denied,
        }))}
      />
      {active === 'overview' ? (
        <section aria-label={t('Overview')}>
          {denied && status === CONTEST_STATUS.SCHEDULED && !admin && (
            <Alert type="info" showIcon title={t('Contest_Not_Started')} />
          )}
          <MarkdownView source={c.description} />
          {user && info.data?.status === CONTEST_STATUS.ENDED && !denied && (
            <VirtualParticipation contest={c} run={run} />
          )}
          {needsAccess && access.data?.access === false && (
            <>
              <Alert type="warning" showIcon title={noAccessText} style={{ marginTop: 16 }} />
              {!accountRuleRefused && (
                <RegisterForm
                  cid={cid}
                  onDone={() =>
                    void queryClient.invalidateQueries({ queryKey: queryKey(contract.getContestAccess, cid) })
                  }
                />
              )}
            </>
          )}
        </section>
      ) : denied ? (
        <Alert
          type="warning"
          showIcon
          title={status === CONTEST_STATUS.SCHEDULED ? t('Contest_Not_Started') : noAccessText}
        />
      ) : (
        <Outlet context={context} />
      )}
    </Panel>
  );
};

export default ContestDetailPage;
