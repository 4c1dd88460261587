import { DiffOutlined, DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import { plagiarism as contract, type PlagiarismCheck, type PlagiarismPairRecord } from '@oj/shared';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Checkbox,
  Empty,
  InputNumber,
  Progress,
  Select,
  Space,
  Spin,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { DateRangeField } from '../../components/date-field';
import { serverPaging } from '../../components/paging';
import { Panel } from '../../components/panel';
import { useResponsiveColumns } from '../../components/responsive-table';
import { api } from '../../lib/api';
import { formatTime } from '../../lib/format-time';
import { saveBlob } from '../../lib/http-client';
import { toast } from '../../lib/notify';
import { queryKey } from '../../lib/query-keys';
import { useApiMutation } from '../../lib/use-api-mutation';
import { useMaxWidth } from '../../lib/use-media-query';
import { BaseFiles } from './base-files';
import { ClusterDecision, DecisionTag } from './decision-parts';
import { PairView } from './pair-view';
import { LANGUAGE_NAMES, percent } from './plagiarism-format';
import './plagiarism.css';

const PAIRS_PER_PAGE = 20;
/** How often a running check is read again. */
const POLL_MS = 2_000;
/** How often a watching check (updated as submissions are judged) is read again. */
const WATCH_POLL_MS = 10_000;

type Scope = { cid?: number; tid?: number; gid?: number; pid?: number };

/** The scope a route names: /admin/contest/:contestId/plagiarism, /admin/training/:trainingId/plagiarism,
 * /admin/problem/:problemId/plagiarism, or /group/:groupID/plagiarism (the group, or its contest, training or
 * problem by ?cid=, ?tid=, ?pid=). */
export const scopeOfRoute = (params: Record<string, string | undefined>, search: URLSearchParams): Scope => {
  const n = (v: string | null | undefined) => (v && /^\d+$/.test(v) ? Number(v) : undefined);
  if (params.contestId) return { cid: n(params.contestId) };
  if (params.trainingId) return { tid: n(params.trainingId) };
  if (params.problemId) return { pid: n(params.problemId) };
  const cid = n(search.get('cid'));
  const tid = n(search.get('tid'));
  const pid = n(search.get('pid'));
  if (cid) return { cid };
  if (tid) return { tid };
  if (pid) return { pid };
  return { gid: n(params.groupID) };
};

/** A check: its progress while it runs, then its clusters and its pairs ranked by similarity, with filters. */
/** The check as a file (its pairs with their decisions and clusters; the workbook has the clusters too). */
const exportCheck = async (checkId: number, format: 'xlsx' | 'csv') => {
  const file = await api.download(contract.downloadCheck, { checkId, format });
  if (file) saveBlob(file);
};

const CheckView = ({ id, onCompare }: { id: number; onCompare: (p: PlagiarismPairRecord) => void }) => {
  const { t } = useTranslation(['plagiarism']);
  const [threshold, setThreshold] = useState<number | null>(null);
  const [filters, setFilters] = useState<{ pid?: number; language?: string; uid?: string }>({});
  const [page, setPage] = useState(1);
  const check = useQuery({
    queryKey: queryKey(contract.getCheck, id, threshold),
    queryFn: () => api.call(contract.getCheck, { id, ...(threshold === null ? {} : { threshold: String(threshold) }) }),
    refetchInterval: (q) =>
      q.state.data?.status === 'running' ? POLL_MS : q.state.data?.watching ? WATCH_POLL_MS : false,
    placeholderData: (previous) => previous,
  });
  const c = check.data;
  const shownThreshold = threshold ?? c?.threshold ?? contract.PLAGIARISM_LIMITS.defaultThreshold;
  const pairs = useQuery({
    queryKey: queryKey(contract.listPairs, id, page, shownThreshold, filters),
    queryFn: () =>
      api.call(contract.listPairs, {
        checkId: id,
        currentPage: page,
        limit: PAIRS_PER_PAGE,
        minSimilarity: String(shownThreshold),
        ...filters,
      }),
    enabled: c?.status === 'done',
    refetchInterval: c?.watching ? WATCH_POLL_MS : false,
    placeholderData: (previous) => previous,
  });
  const problemName = (pid: number) => {
    const p = c?.problems.find((x) => x.pid === pid);
    return p ? p.displayId : String(pid);
  };
  const filter = (next: typeof filters) => {
    setFilters(next);
    setPage(1);
  };
  const users = usersOf(c, pairs.data?.records ?? []);
  // On a phone the compare button is its icon, so the two names keep the room to stand whole.
  const phone = useMaxWidth(768);

  const layout = useResponsiveColumns<PlagiarismPairRecord>([
    {
      title: t('Plag_Similarity'),
      key: 'similarity',
      dataIndex: 'similarity',
      width: 90,
      render: (v: number) => <strong>{percent(v)}</strong>,
    },
    {
      title: t('Plag_Users'),
      key: 'users',
      // One name a line: two names on one line broke inside the names on a phone.
      render: (_, r) => (
        <span className="oj-table-title oj-plag-users">
          <span>{r.leftUsername}</span>
          <span>{r.rightUsername}</span>
        </span>
      ),
    },
    {
      title: t('Plag_Problem'),
      key: 'pid',
      dataIndex: 'pid',
      from: 'tablet',
      render: (pid: number) => problemName(pid),
    },
    {
      title: t('Plag_Language'),
      key: 'language',
      dataIndex: 'language',
      from: 'tablet',
      render: (v: string) => LANGUAGE_NAMES[v] ?? v,
    },
    {
      title: t('Plag_Decision'),
      key: 'decision',
      dataIndex: 'decision',
      from: 'tablet',
      render: (_, r) => <DecisionTag decision={r.decision} />,
    },
    { title: t('Plag_Longest_Fragment'), key: 'longest', dataIndex: 'longestFragment', from: 'laptop' },
    { title: t('Plag_Shared_Tokens'), key: 'shared', dataIndex: 'sharedTokens', from: 'laptop' },
    {
      title: '',
      key: 'compare',
      width: 90,
      render: (_, r) => (
        <Button
          size="small"
          icon={phone ? <DiffOutlined /> : undefined}
          title={phone ? t('Plag_Compare') : undefined}
          aria-label={t('Plag_Compare_Pair', { left: r.leftUsername, right: r.rightUsername })}
          onClick={() => onCompare(r)}
        >
          {phone ? null : t('Plag_Compare')}
        </Button>
      ),
    },
  ]);

  if (!c) return check.isError ? <Alert type="error" showIcon message={check.error.message} /> : <Spin />;
  const status = c.queued ? 'queued' : c.status;
  return (
    <section aria-label={t('Plag_Check_Label', { id: c.id, time: formatTime(c.gmtCreate), user: c.username })}>
      <Space wrap style={{ display: 'flex', marginBottom: 12 }}>
        <Tag color={status === 'done' ? 'green' : status === 'failed' ? 'red' : 'blue'}>
          {t(`Plag_Status_${status}`)}
        </Tag>
        {c.watching && (
          <Tag color="cyan" icon={<EyeOutlined />}>
            {t('Plag_Watching')}
          </Tag>
        )}
        {c.watching && c.updatedAt && (
          <Typography.Text type="secondary">{t('Plag_Updated', { time: formatTime(c.updatedAt) })}</Typography.Text>
        )}
        {c.status === 'done' && (
          <Typography.Text type="secondary">
            {t('Plag_Summary', { pairs: c.pairCount, template: c.ignored.template, common: c.ignored.common })}
          </Typography.Text>
        )}
        {c.status === 'done' &&
          (['xlsx', 'csv'] as const).map((format) => (
            <Button
              key={format}
              size="small"
              icon={<DownloadOutlined />}
              onClick={() => void exportCheck(c.id, format)}
            >
              {t(format === 'xlsx' ? 'Plag_Export_Xlsx' : 'Plag_Export_Csv')}
            </Button>
          ))}
      </Space>
      {c.status === 'running' && (
        <Progress
          percent={c.progress.total ? Math.floor((100 * c.progress.done) / c.progress.total) : 0}
          format={() => t('Plag_Progress', { done: c.progress.done, total: c.progress.total })}
          status="active"
          aria-label={t('Plag_Progress', { done: c.progress.done, total: c.progress.total })}
        />
      )}
      {c.status === 'failed' && <Alert type="error" showIcon message={t('Plag_Failed', { error: c.error ?? '' })} />}
      {c.status === 'done' && (
        <>
          <Space wrap style={{ marginBottom: 12 }}>
            <label htmlFor="plag-threshold">{t('Plag_Threshold')}</label>
            <InputNumber
              id="plag-threshold"
              min={contract.PLAGIARISM_LIMITS.pairFloor}
              max={1}
              step={0.05}
              value={shownThreshold}
              onChange={(v) => {
                if (typeof v === 'number') {
                  setThreshold(v);
                  setPage(1);
                }
              }}
            />
          </Space>
          <Typography.Title level={5}>{t('Plag_Clusters')}</Typography.Title>
          {c.clusters.length === 0 ? (
            <Typography.Paragraph type="secondary">{t('Plag_No_Clusters')}</Typography.Paragraph>
          ) : (
            <ul className="oj-plag-clusters" aria-label={t('Plag_Clusters')}>
              {c.clusters.map((cl) => (
                <li key={cl.uids.join(',')} className="oj-plag-cluster">
                  <strong>{t('Plag_Cluster_Text', { count: cl.uids.length })}</strong>
                  <div className="oj-plag-cluster-users">
                    {cl.uids.map((uid, i) => (
                      <Button key={uid} size="small" onClick={() => filter({ ...filters, uid })}>
                        {cl.usernames[i]}
                      </Button>
                    ))}
                  </div>
                  <Typography.Text type="secondary">
                    {t('Plag_Cluster_Problems', { problems: cl.pids.map(problemName).join(', ') })} ·{' '}
                    {t('Plag_Max_Similarity', { value: percent(cl.maxSimilarity) })}
                  </Typography.Text>
                  <div className="oj-plag-cluster-decide">
                    <ClusterDecision checkId={c.id} cluster={cl} problemName={problemName} />
                  </div>
                </li>
              ))}
            </ul>
          )}
          <Typography.Title level={5}>{t('Plag_Pairs')}</Typography.Title>
          <div className="oj-plag-filters">
            <Select
              aria-label={t('Plag_Problem')}
              value={filters.pid ?? ''}
              onChange={(v) => filter({ ...filters, pid: v === '' ? undefined : Number(v) })}
              options={[
                { value: '', label: t('Plag_All_Problems') },
                ...c.problems.map((p) => ({ value: p.pid, label: `${p.displayId} ${p.title}` })),
              ]}
            />
            <Select
              aria-label={t('Plag_Language')}
              value={filters.language ?? ''}
              onChange={(v) => filter({ ...filters, language: v || undefined })}
              options={[
                { value: '', label: t('Plag_All_Languages') },
                ...contract.PLAGIARISM_LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] })),
              ]}
            />
            <Select
              aria-label={t('Plag_User')}
              showSearch
              optionFilterProp="label"
              value={filters.uid ?? ''}
              onChange={(v) => filter({ ...filters, uid: v || undefined })}
              options={[{ value: '', label: t('Plag_All_Users') }, ...users]}
            />
          </div>
          <Table<PlagiarismPairRecord>
            rowKey={(r) => `${r.leftSubmitId}-${r.rightSubmitId}`}
            loading={pairs.isFetching}
            dataSource={pairs.data?.records ?? []}
            pagination={serverPaging(page, PAIRS_PER_PAGE, pairs.data?.total, setPage)}
            {...layout}
          />
        </>
      )}
    </section>
  );
};

/** The users a filter offers: those of the clusters and of the page shown (the list is ranked, so the likely ones). */
const usersOf = (c: PlagiarismCheck | undefined, records: PlagiarismPairRecord[]) => {
  const byUid = new Map<string, string>();
  for (const cl of c?.clusters ?? []) for (const [i, uid] of cl.uids.entries()) byUid.set(uid, cl.usernames[i]);
  for (const r of records) {
    byUid.set(r.leftUid, r.leftUsername);
    byUid.set(r.rightUid, r.rightUsername);
  }
  return [...byUid].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
};

/** Copy detection of one scope (decision 0047), for its admins: start a check, follow it, read its clusters and
 * pairs, and open a pair side by side (?check=&pair=left-right). */
const PlagiarismPage = () => {
  const { t } = useTranslation(['plagiarism']);
  const params = useParams();
  const [search, setSearch] = useSearchParams();
  const scope = scopeOfRoute(params, search);
  const [allSubmissions, setAllSubmissions] = useState(false);
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const checks = useQuery({
    queryKey: queryKey(contract.listChecks, scope),
    queryFn: () => api.call(contract.listChecks, { ...scope, currentPage: 1, limit: 10 }),
    retry: false,
  });
  const chosen = Number(search.get('check')) || undefined;
  const checkId = chosen ?? checks.data?.records[0]?.id;
  const pair = /^(\d+)-(\d+)$/.exec(search.get('pair') ?? '');
  const setParams = (next: Record<string, string | undefined>) => {
    const out = new URLSearchParams(search);
    for (const [k, v] of Object.entries(next)) {
      if (v === undefined) out.delete(k);
      else out.set(k, v);
    }
    setSearch(out);
  };
  const start = useApiMutation({
    mutationFn: () =>
      api.call(contract.startCheck, {
        ...scope,
        ...(allSubmissions ? { allSubmissions: true } : {}),
        ...(range?.[0] ? { from: range[0].toISOString() } : {}),
        ...(range?.[1] ? { to: range[1].toISOString() } : {}),
      }),
    invalidates: [queryKey(contract.listChecks)],
    onSuccess: (made) => {
      toast.success(t('Plag_Started'));
      setParams({ check: String(made.id), pair: undefined });
    },
  });
  const watch = useQuery({
    queryKey: queryKey(contract.getWatch, scope),
    queryFn: () => api.call(contract.getWatch, scope),
    retry: false,
  });
  const setWatch = useApiMutation({
    mutationFn: (on: boolean) => api.call(contract.setWatch, { ...scope, on }),
    invalidates: [queryKey(contract.getWatch), queryKey(contract.listChecks), queryKey(contract.getCheck)],
    onSuccess: (now) => {
      toast.success(t(now.on ? 'Plag_Watch_On' : 'Plag_Watch_Off'));
      if (now.on && now.checkId) setParams({ check: String(now.checkId), pair: undefined });
    },
  });

  if (pair && checkId) {
    return (
      <PairView
        scope={scope}
        checkId={checkId}
        leftSubmitId={Number(pair[1])}
        rightSubmitId={Number(pair[2])}
        onBack={() => setParams({ pair: undefined })}
      />
    );
  }
  const scopeTitle = checks.data?.records[0]?.scope;
  const kind = scope.cid ? 'contest' : scope.tid ? 'training' : scope.pid ? 'problem' : 'group';
  return (
    <div className="oj-plag">
      <Panel
        title={
          scopeTitle
            ? `${t('Plag_Title')} · ${t(`Plag_Scope_${kind}`)} ${scopeTitle.title}`
            : `${t('Plag_Title')} · ${t(`Plag_Scope_${kind}`)}`
        }
      >
        {checks.isError ? (
          <Alert type="error" showIcon message={checks.error.message} />
        ) : (
          <>
            <Typography.Paragraph type="secondary">
              {t('Plag_Intro')}
              <br />
              {t('Plag_Watch_Help')}
            </Typography.Paragraph>
            <Space wrap style={{ marginBottom: 16 }}>
              <Checkbox checked={allSubmissions} onChange={(e) => setAllSubmissions(e.target.checked)}>
                {t('Plag_All_Submissions')}
              </Checkbox>
              {kind === 'problem' && (
                <DateRangeField
                  aria-label={t('Plag_Time_Range')}
                  placeholder={[t('Plag_Time_Range'), t('Plag_Time_Range')]}
                  showTime
                  allowEmpty={[true, true]}
                  value={range}
                  onChange={(v) => setRange(v)}
                />
              )}
              <Button type="primary" loading={start.isPending} onClick={() => start.mutate()}>
                {t('Plag_Start')}
              </Button>
              <Switch
                id="plag-watch"
                checked={watch.data?.on ?? false}
                disabled={!watch.data}
                loading={setWatch.isPending}
                onChange={(on) => setWatch.mutate(on)}
              />
              <label htmlFor="plag-watch">{t('Plag_Watch')}</label>
              {(checks.data?.records.length ?? 0) > 1 && (
                <Select
                  aria-label={t('Plag_Earlier_Checks')}
                  value={checkId}
                  onChange={(v) => setParams({ check: String(v), pair: undefined })}
                  options={checks.data?.records.map((c) => ({
                    value: c.id,
                    label:
                      t('Plag_Check_Label', { id: c.id, time: formatTime(c.gmtCreate), user: c.username }) +
                      (c.watching ? ` · ${t('Plag_Watching')}` : ''),
                  }))}
                />
              )}
            </Space>
            <BaseFiles scope={scope} />
            {checks.isPending ? (
              <Spin />
            ) : checkId ? (
              <CheckView
                key={checkId}
                id={checkId}
                onCompare={(p) => setParams({ check: String(checkId), pair: `${p.leftSubmitId}-${p.rightSubmitId}` })}
              />
            ) : (
              <Empty description={t('Plag_No_Check')} />
            )}
          </>
        )}
      </Panel>
    </div>
  );
};

export default PlagiarismPage;
