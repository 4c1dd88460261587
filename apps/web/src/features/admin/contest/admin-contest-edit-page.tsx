import {
  type ContestForm,
  adminContest as contract,
  defaultAwards,
  groupContest,
  type Locale,
  rating as ratingContract,
} from '@oj/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  ColorPicker,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Spin,
  Switch,
  Table,
  Tag,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { DateRangeField } from '../../../components/date-field';
import { Panel } from '../../../components/panel';
import { api } from '../../../lib/api';
import { toast } from '../../../lib/notify';
import { queryKey } from '../../../lib/query-keys';
import { useOwnPageTitle } from '../../../lib/use-page-title';
import {
  addStarUser,
  defaultSealChoice,
  formatSeconds,
  sealOptionsEnabled,
  sealTimeOf,
} from '../../contest/contest-time';
import {
  DEFAULT_EXAM_FIELDS,
  ExamFields,
  type ExamFieldValues,
  examFieldsOf,
  examFieldsToSend,
} from '../../exam/exam-fields';
import { MarkdownField } from '../markdown-field';
import { useAdminLocale } from '../use-admin-locale';
import { contestAdminPath } from './admin-contest-group';
import {
  type AccountRuleFields,
  type AwardConfig,
  accountRangeOf,
  accountRuleError,
  awardListError,
  awardsToSend,
  DEFAULT_ACCOUNT_RULE,
  extraAccountsOf,
  initialAwards,
  nextAward,
  packAccountRule,
  unpackAccountRule,
} from './contest-form-model';

type SealChoice = 'half' | 'hour' | 'all';

const RANK_SHOW_NAMES: readonly string[] = ['username', 'nickname', 'realname'];

interface Values extends ExamFieldValues {
  title: string;
  description: string;
  type: number;
  auth: number;
  pwd?: string;
  range: [Dayjs, Dayjs];
  sealRank: boolean;
  sealChoice: SealChoice;
  autoRealRank: boolean;
  openRank: boolean;
  openPrint: boolean;
  allowEndSubmit: boolean;
  allowVirtual: boolean;
  /** Site contests only (decision 0046). */
  rated: boolean;
  visible: boolean;
  rankShowName: 'username' | 'nickname' | 'realname';
  hideRealNameFromVisitors: boolean;
  oiRankScoreType: 'Recent' | 'Highest';
  awardType: number;
  awardConfigList: AwardConfig[];
  openAccountLimit: boolean;
  accountRule: AccountRuleFields;
}

/** No `<` or `>`: they would break HOJ's packed rule text. */
const NO_ANGLE = /^[^<>]*$/;

/** The seal choice a stored seal time corresponds to. */
const choiceOf = (sealTime: string | null, end: string): SealChoice => {
  if (!sealTime) return 'all';
  const before = Date.parse(end) - Date.parse(sealTime);
  if (before === 1800_000) return 'half';
  if (before === 3600_000) return 'hour';
  return 'all';
};

/** A contest's length in seconds and whether its end is not after its start (0 and false while a time is missing). */
const timesOf = (range: Values['range'] | undefined) => {
  const start = range?.[0];
  const end = range?.[1];
  // End before start: the time-check text and a duration of 0.
  return {
    duration: start && end ? Math.max(0, end.diff(start, 'second')) : 0,
    timeBad: !!start && !!end && !end.isAfter(start),
  };
};

/** /admin/contest/create and /admin/contest/:id/edit: times, duration, seal options by
 * duration, password for non-public contests, star users without duplicates, the award tiers of a proportion or
 * number award type, the account limit rule; the rule type is fixed once created.
 * With `group`, GroupCreateContest and GroupEditContest: the same form saved through the group's calls
 * with the group's id. */
const AdminContestEditPage = ({ group }: { group?: { gid: number } }) => {
  const { t } = useTranslation(['contest', 'group', 'submission', 'user', 'exam']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { contestId } = useParams();
  const cid = contestId ? Number(contestId) : null;
  const [form] = Form.useForm<Values>();
  const locale = useAdminLocale();
  const [stars, setStars] = useState<string[]>([]);
  const [starInput, setStarInput] = useState('');
  const [saving, setSaving] = useState(false);
  const gid = group?.gid;
  const existing = useQuery({
    queryKey: queryKey(gid === undefined ? contract.getAdminContest : groupContest.getGroupContest, cid),
    queryFn: () =>
      gid === undefined
        ? api.call(contract.getAdminContest, { cid: cid ?? 0 })
        : api.call(groupContest.getGroupContest, { cid: cid ?? 0 }),
    enabled: cid !== null,
  });
  useOwnPageTitle(existing.data ? `${t('Edit_Contest')} - ${existing.data.title}` : undefined);

  // The language only names the default tiers of a contest stored without any: switching it reloads nothing (the
  // locale is read once per loaded contest, not a dependency).
  useEffect(() => {
    const c = existing.data;
    if (!c) return;
    form.setFieldsValue({
      title: c.title,
      description: c.description,
      type: c.type,
      auth: c.auth,
      pwd: c.pwd ?? undefined,
      range: [dayjs(c.startTime), dayjs(c.endTime)],
      sealRank: c.sealRank,
      sealChoice: choiceOf(c.sealRankTime, c.endTime),
      autoRealRank: c.autoRealRank,
      openRank: c.openRank,
      openPrint: c.openPrint,
      allowEndSubmit: c.allowEndSubmit,
      allowVirtual: c.allowVirtual,
      rated: c.rated,
      visible: c.visible,
      rankShowName: RANK_SHOW_NAMES.includes(c.rankShowName as Values['rankShowName'])
        ? (c.rankShowName as Values['rankShowName'])
        : 'username',
      hideRealNameFromVisitors: c.hideRealNameFromVisitors,
      oiRankScoreType: c.oiRankScoreType as Values['oiRankScoreType'],
      awardType: c.awardType,
      awardConfigList: initialAwards(c.awardConfigList, defaultAwards(locale)),
      openAccountLimit: c.openAccountLimit,
      accountRule: unpackAccountRule(c.accountLimitRule),
      ...examFieldsOf(c),
    });
    setStars(c.starAccount);
  }, [existing.data, form]);

  // The default tiers follow the interface language while nobody has touched them.
  useEffect(() => {
    const rows = form.getFieldValue('awardConfigList') as AwardConfig[] | undefined;
    const other: Locale = locale === 'zh-CN' ? 'en-US' : 'zh-CN';
    if (rows && JSON.stringify(rows) === JSON.stringify(defaultAwards(other))) {
      form.setFieldValue('awardConfigList', defaultAwards(locale));
    }
  }, [locale, form]);

  const range = Form.useWatch('range', form);
  const type = Form.useWatch('type', form) ?? 0;
  const auth = Form.useWatch('auth', form) ?? 0;
  const sealRank = Form.useWatch('sealRank', form);
  const awardType = Form.useWatch('awardType', form) ?? 0;
  const openAccountLimit = Form.useWatch('openAccountLimit', form);
  const rankShowName = Form.useWatch('rankShowName', form);
  const openRank = Form.useWatch('openRank', form);
  const hideRealName = Form.useWatch('hideRealNameFromVisitors', form);
  // The outside board (and the scroll board after the end) shows real names to whoever opens the link.
  const realNamesToVisitors = rankShowName === 'realname' && !!openRank && hideRealName === false;
  const hasAwards = awardType === 1 || awardType === 2;
  const { duration, timeBad } = timesOf(range);
  const seal = sealOptionsEnabled(duration);

  useEffect(() => {
    const choice = form.getFieldValue('sealChoice') as SealChoice | undefined;
    if ((choice === 'hour' && !seal.oneHour) || (choice === 'half' && !seal.halfHour)) {
      form.setFieldValue('sealChoice', 'all');
    }
  }, [seal.oneHour, seal.halfHour, form]);

  // An ended rated contest's ratings computed again now (after a change the sweep would take up anyway).
  const [recomputing, setRecomputing] = useState(false);
  const recompute = async (id: number) => {
    setRecomputing(true);
    try {
      const { computed } = await api.call(ratingContract.recomputeContestRating, { cid: id });
      if (computed) toast.success(t('Rating_Recomputed'));
      else toast.info(t('Rating_Waits_For_Verdicts'));
    } finally {
      setRecomputing(false);
    }
  };

  const addStar = () => {
    const next = addStarUser(stars, starInput);
    if (next.duplicate) toast.warning(t('Add_Star_User_Error'));
    setStars(next.list);
    setStarInput('');
  };

  const save = async (v: Values) => {
    // The values saved, not the watched ones of the last render (which may not have caught up with them yet).
    const times = timesOf(v.range);
    if (times.timeBad || times.duration <= 0) {
      toast.error(t(times.timeBad ? 'Time_Check' : 'Duration_Must_Be_Positive'));
      return;
    }
    const ruleError = v.openAccountLimit ? accountRuleError(v.accountRule) : null;
    if (ruleError) {
      toast.error(t(ruleError));
      return;
    }
    const [s, e] = v.range;
    const span = { startTime: s.toISOString(), endTime: e.toISOString() };
    const body: ContestForm = {
      title: v.title,
      description: v.description,
      type: v.type,
      auth: v.auth,
      pwd: v.auth === 0 ? null : v.pwd,
      ...span,
      sealRank: v.sealRank,
      sealRankTime: v.sealRank ? sealTimeOf(v.sealChoice, span) : null,
      autoRealRank: v.autoRealRank,
      openRank: v.openRank,
      openPrint: v.openPrint,
      allowEndSubmit: v.allowEndSubmit,
      allowVirtual: v.allowVirtual,
      // A group's contest is never rated: the field is not sent for one.
      ...(gid === undefined ? { rated: v.rated } : {}),
      visible: v.visible,
      rankShowName: v.rankShowName,
      hideRealNameFromVisitors: v.hideRealNameFromVisitors,
      oiRankScoreType: v.oiRankScoreType,
      starAccount: stars,
      awardType: v.awardType,
      // Without awards none are sent: an edited contest keeps its stored tiers, ready for when awards are turned on
      // again, and a new one gets the default tiers in the interface language from the server (Accept-Language).
      awardConfigList: v.awardType === 1 || v.awardType === 2 ? awardsToSend(v.awardConfigList) : undefined,
      openAccountLimit: v.openAccountLimit,
      // Turned off, the stored rule stays as it is (HOJ keeps it too).
      accountLimitRule: v.openAccountLimit ? packAccountRule(v.accountRule) : (existing.data?.accountLimitRule ?? null),
      ...examFieldsToSend(v),
    };
    setSaving(true);
    try {
      const saved =
        gid !== undefined
          ? cid
            ? await api.call(groupContest.updateGroupContest, { ...body, id: cid, gid })
            : await api.call(groupContest.createGroupContest, { ...body, gid })
          : cid
            ? await api.call(contract.updateContest, { ...body, id: cid })
            : await api.call(contract.createContest, body);
      toast.success(t('Saved'));
      const stale =
        gid === undefined
          ? [queryKey(contract.getAdminContestList), queryKey(contract.getAdminContest, saved.id)]
          : [
              queryKey(groupContest.getGroupAdminContestList, gid),
              queryKey(groupContest.getGroupContestList, gid),
              queryKey(groupContest.getGroupContest, saved.id),
            ];
      for (const queryKey of stale) void queryClient.invalidateQueries({ queryKey });
      if (!cid) navigate(`${contestAdminPath(group, saved.id)}/problems`);
    } catch {
      // A refusal (an address that is no range, 400 examAddressInvalid ...) was shown by the HTTP client with the
      // server's message; the form keeps what was typed.
    } finally {
      setSaving(false);
    }
  };

  if (cid !== null && existing.isLoading) return <Spin style={{ display: 'block', padding: 96 }} />;
  const now = dayjs().second(0).millisecond(0);

  return (
    <Panel
      title={t(cid ? 'Edit_Contest' : 'Create_Contest')}
      extra={gid !== undefined && <Link to={`/group/${gid}/contest?mode=admin`}>{t('Group_Contest_Back')}</Link>}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={save}
        initialValues={{
          type: 0,
          auth: 0,
          // A new contest starts now and lasts five hours unless the admin says otherwise.
          range: [now, now.add(5, 'hour')],
          sealRank: false,
          sealChoice: 'all',
          autoRealRank: true,
          openRank: false,
          openPrint: false,
          allowEndSubmit: false,
          allowVirtual: true,
          rated: false,
          visible: true,
          rankShowName: 'username',
          hideRealNameFromVisitors: true,
          oiRankScoreType: 'Recent',
          awardType: 0,
          awardConfigList: initialAwards(undefined, defaultAwards(locale)),
          openAccountLimit: false,
          accountRule: DEFAULT_ACCOUNT_RULE,
          ...DEFAULT_EXAM_FIELDS,
          description: '',
        }}
      >
        <Form.Item name="title" label={t('Contest_Title')} rules={[{ required: true, whitespace: true, max: 255 }]}>
          <Input />
        </Form.Item>
        {/* The markdown field shows the label itself (with its preview and upload buttons): one label, not two. */}
        <Form.Item
          name="description"
          required
          rules={[{ required: true, whitespace: true, message: t('Contest_Field_Required') }]}
        >
          <MarkdownFieldAdapter label={t('Contest_Description')} />
        </Form.Item>
        <Space wrap size="large">
          <Form.Item name="type" label={t('Rule_Type')} extra={cid ? t('Contest_Rule_Fixed') : undefined}>
            <Radio.Group
              disabled={cid !== null}
              options={[
                { value: 0, label: 'ACM' },
                { value: 1, label: 'OI' },
              ]}
            />
          </Form.Item>
          <Form.Item name="auth" label={t('Contest_Auth')}>
            <Radio.Group
              options={[
                { value: 0, label: t('Public') },
                { value: 1, label: t('Private') },
                { value: 2, label: t('Protected') },
              ]}
            />
          </Form.Item>
          {auth !== 0 && (
            <Form.Item
              name="pwd"
              label={t('Contest_Password_Field')}
              rules={[{ required: true, whitespace: true, message: t('Password_Required') }]}
            >
              <Input.Password />
            </Form.Item>
          )}
        </Space>
        <Form.Item name="range" label={`${t('Start_Time')} / ${t('End_Time')}`} rules={[{ required: true }]}>
          <DateRangeField showTime format="YYYY-MM-DD HH:mm:ss" />
        </Form.Item>
        <p>
          {t('Duration')}: {formatSeconds(duration)}
        </p>
        {timeBad && <Alert type="error" showIcon title={t('Time_Check')} style={{ marginBottom: 16 }} />}
        <Space wrap size="large">
          <Form.Item name="sealRank" label={t('Seal_Rank')} valuePropName="checked">
            <Switch
              onChange={(on) => {
                if (on) form.setFieldValue('sealChoice', defaultSealChoice(type, duration));
              }}
            />
          </Form.Item>
          {sealRank && (
            <Form.Item name="sealChoice" label={t('Seal_Rank')}>
              <Radio.Group
                options={[
                  { value: 'half', label: t('Seal_Half_Hour'), disabled: !seal.halfHour },
                  { value: 'hour', label: t('Seal_One_Hour'), disabled: !seal.oneHour },
                  { value: 'all', label: t('Seal_All') },
                ]}
              />
            </Form.Item>
          )}
          <Form.Item name="autoRealRank" label={t('Auto_Real_Rank')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="openRank" label={t('Open_Rank')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="openPrint" label={t('Open_Print')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="allowEndSubmit" label={t('Allow_End_Submit')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item
            name="allowVirtual"
            label={t('Allow_Virtual')}
            valuePropName="checked"
            tooltip={t('Allow_Virtual_Tip')}
          >
            <Switch aria-label={t('Allow_Virtual')} />
          </Form.Item>
          {gid === undefined && (
            <Form.Item name="rated" label={t('Rated_Contest')} valuePropName="checked" tooltip={t('Rated_Contest_Tip')}>
              <Switch aria-label={t('Rated_Contest')} />
            </Form.Item>
          )}
          {gid === undefined && cid !== null && existing.data?.rated && existing.data.status === 1 && (
            <Form.Item label=" ">
              <Button loading={recomputing} onClick={() => void recompute(cid)}>
                {t('Recompute_Rating')}
              </Button>
            </Form.Item>
          )}
          <Form.Item name="visible" label={t('Visible')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        <Space wrap size="large">
          <Form.Item name="rankShowName" label={t('Rank_Show_Name')}>
            <Select
              style={{ width: 160 }}
              options={[
                { value: 'username', label: t('Rank_Show_Username') },
                { value: 'nickname', label: t('Rank_Show_Nickname') },
                { value: 'realname', label: t('Rank_Show_Realname') },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="hideRealNameFromVisitors"
            label={t('Hide_Real_Name_From_Visitors')}
            valuePropName="checked"
            tooltip={t('Hide_Real_Name_From_Visitors_Tip')}
          >
            <Switch aria-label={t('Hide_Real_Name_From_Visitors')} />
          </Form.Item>
          {type === 1 && (
            <Form.Item name="oiRankScoreType" label={t('OI_Rank_Score_Type')}>
              <Select
                style={{ width: 160 }}
                options={[
                  { value: 'Recent', label: t('OI_Score_Recent') },
                  { value: 'Highest', label: t('OI_Score_Highest') },
                ]}
              />
            </Form.Item>
          )}
          <Form.Item name="awardType" label={t('Award_Type')}>
            <Select
              style={{ width: 160 }}
              options={[
                { value: 0, label: t('Award_None') },
                { value: 1, label: t('Award_Proportion') },
                { value: 2, label: t('Award_Number') },
              ]}
            />
          </Form.Item>
        </Space>
        {realNamesToVisitors && (
          <Alert type="warning" showIcon title={t('Real_Names_To_Visitors_Warning')} style={{ marginBottom: 16 }} />
        )}
        {hasAwards && <AwardListField awardType={awardType} />}
        <Form.Item
          name="openAccountLimit"
          label={t('Contest_Account_Limit')}
          valuePropName="checked"
          extra={t('Contest_Account_Limit_Tip')}
        >
          <Switch aria-label={t('Contest_Account_Limit')} />
        </Form.Item>
        {openAccountLimit && <AccountRuleFieldset />}
        <ExamFields />
        <Form.Item label={t('Star_Account')}>
          <Space wrap>
            {stars.map((s) => (
              <Tag key={s} closable onClose={() => setStars(stars.filter((x) => x !== s))}>
                {s}
              </Tag>
            ))}
            <Input
              aria-label={t('Star_Account')}
              value={starInput}
              onChange={(e) => setStarInput(e.target.value)}
              onPressEnter={(e) => {
                e.preventDefault();
                addStar();
              }}
              style={{ width: 180 }}
            />
            <Button onClick={addStar}>{t('Add')}</Button>
          </Space>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('Save')}
        </Button>
      </Form>
    </Panel>
  );
};

/** The account rule editor (HOJ's accountLimitRule): prefix + number in [start, end] + suffix, or an extra
 * account; packed into HOJ's text on save. */
const AccountRuleFieldset = () => {
  const { t } = useTranslation(['contest', 'group', 'submission', 'user']);
  const angleRule = { pattern: NO_ANGLE, message: t('Contest_Account_Rule_Chars_Error') };
  const numberRules = [
    { required: true, type: 'integer' as const, min: 0, message: t('Contest_Account_Rule_Number_Error') },
  ];
  return (
    <div style={{ marginBottom: 24 }}>
      <Space wrap size="large" align="start">
        <Form.Item name={['accountRule', 'prefix']} label={t('Contest_Account_Rule_Prefix')} rules={[angleRule]}>
          <Input maxLength={100} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name={['accountRule', 'suffix']} label={t('Contest_Account_Rule_Suffix')} rules={[angleRule]}>
          <Input maxLength={100} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name={['accountRule', 'start']} label={t('Contest_Account_Rule_Start')} rules={numberRules}>
          <InputNumber min={0} precision={0} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item
          name={['accountRule', 'end']}
          label={t('Contest_Account_Rule_End')}
          dependencies={[['accountRule', 'start']]}
          rules={[
            ...numberRules,
            ({ getFieldValue }) => ({
              validator: async (_, end: unknown) => {
                const start: unknown = getFieldValue(['accountRule', 'start']);
                if (typeof start === 'number' && typeof end === 'number' && end < start) {
                  throw new Error(t('Contest_Account_Rule_Range_Error'));
                }
              },
            }),
          ]}
        >
          <InputNumber min={0} precision={0} style={{ width: 140 }} />
        </Form.Item>
      </Space>
      <Form.Item
        name={['accountRule', 'extra']}
        label={t('Contest_Account_Rule_Extra')}
        extra={t('Contest_Account_Rule_Extra_Tip')}
        rules={[angleRule]}
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} maxLength={9000} />
      </Form.Item>
      <AccountRulePreview />
    </div>
  );
};

/** The accounts a valid rule lets in; its own watcher so typing re-renders only this line. */
const AccountRulePreview = () => {
  const { t } = useTranslation(['contest', 'group', 'submission', 'user']);
  const rule = Form.useWatch<AccountRuleFields | undefined>('accountRule');
  if (!rule || accountRuleError(rule)) return null;
  return (
    <p>{t('Contest_Account_Rule_Preview', { ...accountRangeOf(rule), count: extraAccountsOf(rule.extra).length })}</p>
  );
};

/** One tier as the scoreboard shows it; its own watcher so typing re-renders only this cell. */
const AwardPreview = ({ index }: { index: number }) => {
  const a = Form.useWatch<AwardConfig | undefined>(['awardConfigList', index]);
  const name = a?.name?.trim();
  return name ? (
    <Tag style={{ background: a?.background, color: a?.color, borderColor: a?.background }}>{name}</Tag>
  ) : null;
};

/** The award tiers of a proportion (num in %) or number award type: priority, name, colours, num; rows added and
 * removed, at least one, at most 20. */
const AwardListField = ({ awardType }: { awardType: number }) => {
  const { t } = useTranslation(['contest', 'group', 'submission', 'user']);
  const form = Form.useFormInstance<Values>();
  const proportion = awardType === 1;
  const hex = (c: { toHexString: () => string }) => c.toHexString();
  return (
    <Form.Item
      label={t('Contest_Award_List')}
      extra={t(proportion ? 'Contest_Award_List_Tip_Proportion' : 'Contest_Award_List_Tip_Number')}
    >
      <Form.List
        name="awardConfigList"
        rules={[
          {
            validator: async (_, list: AwardConfig[] | undefined) => {
              const error = awardListError(awardType, list);
              if (error) throw new Error(t(error));
            },
          },
        ]}
      >
        {(fields, { add, remove }, { errors }) => (
          <>
            <Table
              size="small"
              pagination={false}
              rowKey="key"
              dataSource={fields}
              scroll={{ x: 'max-content' }}
              columns={[
                {
                  title: t('Contest_Award_Priority'),
                  key: 'priority',
                  render: (_, f, i) => (
                    <Form.Item
                      name={[f.name, 'priority']}
                      rules={[{ required: true, type: 'integer', message: t('Contest_Award_Num_Error') }]}
                      style={{ margin: 0 }}
                    >
                      <InputNumber
                        aria-label={`${t('Contest_Award_Priority')} ${i + 1}`}
                        precision={0}
                        style={{ width: 80 }}
                      />
                    </Form.Item>
                  ),
                },
                {
                  title: t('Contest_Award_Name'),
                  key: 'name',
                  render: (_, f, i) => (
                    <Form.Item
                      name={[f.name, 'name']}
                      rules={[{ required: true, whitespace: true, message: t('Contest_Award_Name_Required') }]}
                      style={{ margin: 0 }}
                    >
                      <Input aria-label={`${t('Contest_Award_Name')} ${i + 1}`} maxLength={50} style={{ width: 160 }} />
                    </Form.Item>
                  ),
                },
                {
                  title: t('Contest_Award_Background'),
                  key: 'background',
                  render: (_, f, i) => (
                    <Form.Item name={[f.name, 'background']} getValueFromEvent={hex} style={{ margin: 0 }}>
                      <ColorPicker
                        aria-label={`${t('Contest_Award_Background')} ${i + 1}`}
                        format="hex"
                        disabledAlpha
                        showText
                        size="small"
                      />
                    </Form.Item>
                  ),
                },
                {
                  title: t('Contest_Award_Color'),
                  key: 'color',
                  render: (_, f, i) => (
                    <Form.Item name={[f.name, 'color']} getValueFromEvent={hex} style={{ margin: 0 }}>
                      <ColorPicker
                        aria-label={`${t('Contest_Award_Color')} ${i + 1}`}
                        format="hex"
                        disabledAlpha
                        showText
                        size="small"
                      />
                    </Form.Item>
                  ),
                },
                {
                  title: t(proportion ? 'Contest_Award_Num_Percent' : 'Contest_Award_Num_Count'),
                  key: 'num',
                  render: (_, f, i) => (
                    <Form.Item
                      name={[f.name, 'num']}
                      rules={[
                        {
                          required: true,
                          type: 'integer',
                          min: 0,
                          max: proportion ? 100 : undefined,
                          message: t('Contest_Award_Num_Error'),
                        },
                      ]}
                      style={{ margin: 0 }}
                    >
                      <InputNumber
                        aria-label={`${t(proportion ? 'Contest_Award_Num_Percent' : 'Contest_Award_Num_Count')} ${i + 1}`}
                        min={0}
                        max={proportion ? 100 : undefined}
                        precision={0}
                        style={{ width: 100 }}
                      />
                    </Form.Item>
                  ),
                },
                {
                  title: t('Contest_Award_Preview'),
                  key: 'preview',
                  render: (_, f) => <AwardPreview index={f.name} />,
                },
                {
                  title: t('Option'),
                  key: 'remove',
                  render: (_, f, i) => (
                    <Button
                      type="link"
                      danger
                      aria-label={t('Contest_Award_Remove', { index: i + 1 })}
                      onClick={() => remove(f.name)}
                    >
                      {t('Remove')}
                    </Button>
                  ),
                },
              ]}
            />
            <Form.ErrorList errors={errors} />
            <Button
              type="dashed"
              style={{ marginTop: 8 }}
              disabled={fields.length >= 20}
              onClick={() => add(nextAward(form.getFieldValue('awardConfigList') ?? []))}
            >
              {t('Contest_Award_Add')}
            </Button>
          </>
        )}
      </Form.List>
    </Form.Item>
  );
};

/** Form.Item hands value/onChange to its child. */
const MarkdownFieldAdapter = ({
  label,
  value,
  onChange,
}: {
  label: string;
  value?: string;
  onChange?: (v: string) => void;
}) => <MarkdownField label={label} value={value ?? ''} onChange={(v) => onChange?.(v)} />;

export default AdminContestEditPage;
