import { type ContestForm, adminContest as contract } from '@oj/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, DatePicker, Form, Input, Radio, Select, Space, Spin, Switch, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Panel } from '../../components/panel';
import { api } from '../../lib/api';
import { toast } from '../../lib/notify';
import { registerContestTexts } from '../contest/contest-texts';
import { addStarUser, defaultSealChoice, formatSeconds, sealOptionsEnabled, sealTimeOf } from '../contest/contest-time';
import { registerAdminTexts } from './admin-texts';
import { MarkdownField } from './markdown-field';

type SealChoice = 'half' | 'hour' | 'all';

interface Values {
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
  visible: boolean;
  rankShowName: 'username' | 'nickname' | 'realname';
  oiRankScoreType: 'Recent' | 'Highest';
  awardType: number;
}

/** The seal choice a stored seal time corresponds to. */
const choiceOf = (sealTime: string | null, end: string): SealChoice => {
  if (!sealTime) return 'all';
  const before = Date.parse(end) - Date.parse(sealTime);
  if (before === 1800_000) return 'half';
  if (before === 3600_000) return 'hour';
  return 'all';
};

/** /admin/contest/create and /admin/contest/:id/edit (spec 3 §2.3, §4-§5): times, duration, seal options by
 * duration, password for non-public contests, star users without duplicates; the rule type is fixed once created. */
const AdminContestEditPage = () => {
  registerAdminTexts();
  registerContestTexts();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { contestId } = useParams();
  const cid = contestId ? Number(contestId) : null;
  const [form] = Form.useForm<Values>();
  const [stars, setStars] = useState<string[]>([]);
  const [starInput, setStarInput] = useState('');
  const [saving, setSaving] = useState(false);
  const existing = useQuery({
    queryKey: ['admin', 'contest', cid],
    queryFn: () => api.call(contract.getAdminContest, { cid: cid ?? 0 }),
    enabled: cid !== null,
  });

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
      visible: c.visible,
      rankShowName: c.rankShowName as Values['rankShowName'],
      oiRankScoreType: c.oiRankScoreType as Values['oiRankScoreType'],
      awardType: c.awardType,
    });
    setStars(c.starAccount);
  }, [existing.data, form]);

  const range = Form.useWatch('range', form);
  const type = Form.useWatch('type', form) ?? 0;
  const auth = Form.useWatch('auth', form) ?? 0;
  const sealRank = Form.useWatch('sealRank', form);
  const start = range?.[0];
  const end = range?.[1];
  // End before start: the time-check text and a duration of 0 (spec 3 §5).
  const duration = start && end ? Math.max(0, end.diff(start, 'second')) : 0;
  const timeBad = !!start && !!end && !end.isAfter(start);
  const seal = sealOptionsEnabled(duration);

  useEffect(() => {
    const choice = form.getFieldValue('sealChoice') as SealChoice | undefined;
    if ((choice === 'hour' && !seal.oneHour) || (choice === 'half' && !seal.halfHour)) {
      form.setFieldValue('sealChoice', 'all');
    }
  }, [seal.oneHour, seal.halfHour, form]);

  const addStar = () => {
    const next = addStarUser(stars, starInput);
    if (next.duplicate) toast.warning(t('Add_Star_User_Error'));
    setStars(next.list);
    setStarInput('');
  };

  const save = async (v: Values) => {
    if (timeBad || duration <= 0) {
      toast.error(t(timeBad ? 'Time_Check' : 'Duration_Must_Be_Positive'));
      return;
    }
    const [s, e] = v.range;
    const times = { startTime: s.toISOString(), endTime: e.toISOString() };
    const body: ContestForm = {
      title: v.title,
      description: v.description,
      type: v.type,
      auth: v.auth,
      pwd: v.auth === 0 ? null : v.pwd,
      ...times,
      sealRank: v.sealRank,
      sealRankTime: v.sealRank ? sealTimeOf(v.sealChoice, times) : null,
      autoRealRank: v.autoRealRank,
      openRank: v.openRank,
      openPrint: v.openPrint,
      allowEndSubmit: v.allowEndSubmit,
      visible: v.visible,
      rankShowName: v.rankShowName,
      oiRankScoreType: v.oiRankScoreType,
      starAccount: stars,
      awardType: v.awardType,
      awardConfigList: existing.data?.awardConfigList ?? contract.DEFAULT_AWARDS,
    };
    setSaving(true);
    try {
      const saved = cid
        ? await api.call(contract.updateContest, { ...body, id: cid })
        : await api.call(contract.createContest, body);
      toast.success(t('Saved'));
      void queryClient.invalidateQueries({ queryKey: ['admin', 'contests'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'contest', saved.id] });
      if (!cid) navigate(`/admin/contest/${saved.id}/problems`);
    } finally {
      setSaving(false);
    }
  };

  if (cid !== null && existing.isLoading) return <Spin style={{ display: 'block', padding: 96 }} />;
  const now = dayjs().second(0).millisecond(0);

  return (
    <Panel title={t(cid ? 'Edit_Contest' : 'Create_Contest')}>
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
          visible: true,
          rankShowName: 'username',
          oiRankScoreType: 'Recent',
          awardType: 0,
          description: '',
        }}
      >
        <Form.Item name="title" label={t('Contest_Title')} rules={[{ required: true, whitespace: true, max: 255 }]}>
          <Input />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('Description')}
          rules={[{ required: true, whitespace: true, message: t('Field_Required') }]}
        >
          <MarkdownFieldAdapter label={t('Description')} />
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
          <DatePicker.RangePicker showTime format="YYYY-MM-DD HH:mm:ss" />
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
          <Form.Item name="visible" label={t('Visible')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        <Space wrap size="large">
          <Form.Item name="rankShowName" label={t('Rank_Show_Name')}>
            <Select
              style={{ width: 160 }}
              options={['username', 'nickname', 'realname'].map((v) => ({ value: v, label: v }))}
            />
          </Form.Item>
          {type === 1 && (
            <Form.Item name="oiRankScoreType" label={t('OI_Rank_Score_Type')}>
              <Select style={{ width: 160 }} options={['Recent', 'Highest'].map((v) => ({ value: v, label: v }))} />
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
