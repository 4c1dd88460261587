import {
  adminTraining as contract,
  groupTraining,
  INT32,
  type LatePenaltyUnit,
  type TrainingAuth,
  type TrainingCategory,
  type TrainingForm,
  training,
} from '@oj/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Select,
  Space,
  Spin,
  Switch,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { DateField } from '../../../components/date-field';
import { Panel } from '../../../components/panel';
import { api } from '../../../lib/api';
import { toast } from '../../../lib/notify';
import { queryKey } from '../../../lib/query-keys';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { GroupTrainingCategoryCreator } from '../../group/group-training-category-creator';
import { categoriesForGroup, groupTrainingAdminPaths } from '../../group/group-training-model';
import { MarkdownField } from '../markdown-field';
import { adminCategoriesKey, trainingListKeys } from './admin-training-list-page';

const { TRAINING_AUTH, TRAINING_DEFAULT_RANK } = training;

interface Values {
  rank: number | null;
  title: string;
  description: string;
  auth: TrainingAuth;
  privatePwd?: string;
  categoryId?: number;
  status: boolean;
  // Homework (decision 0052): no due time, no assignment.
  openTime?: Dayjs | null;
  dueTime?: Dayjs | null;
  lateUntil?: Dayjs | null;
  latePenalty?: number | null;
  latePenaltyUnit: LatePenaltyUnit;
  latePenaltyFloor?: number | null;
}

const HOMEWORK_DEFAULTS = { latePenalty: 0, latePenaltyUnit: 'day' as LatePenaltyUnit, latePenaltyFloor: 0 };

/** A picked time as the contract takes it (ISO with offset); an emptied field is null, which clears the time. */
const isoOrNull = (v: Dayjs | null | undefined) => (v ? v.toISOString() : null);

/** The homework part of a training's body: the times (null when empty), the late window and its rule only with a
 * due time (the server refuses them without one). */
export const homeworkBody = (
  v: Pick<Values, 'openTime' | 'dueTime' | 'lateUntil' | 'latePenalty' | 'latePenaltyUnit' | 'latePenaltyFloor'>,
) => {
  const due = !!v.dueTime;
  return {
    openTime: isoOrNull(v.openTime),
    dueTime: isoOrNull(v.dueTime),
    lateUntil: due ? isoOrNull(v.lateUntil) : null,
    latePenalty: due ? (v.latePenalty ?? 0) : 0,
    latePenaltyUnit: v.latePenaltyUnit,
    latePenaltyFloor: due ? (v.latePenaltyFloor ?? 0) : 0,
  };
};

/** /admin/training/create and /admin/training/:trainingId/edit: rank 0 to
 * 2147483647 (default 1000), title, description and category required, a password when private. With `group`, a
 * group's training form (GroupCreateTraining, GroupEditTraining): saved through the group's calls with
 * `training.gid`, and a missing category is created right here rather than in the admin area. */
const AdminTrainingEditPage = ({ group }: { group?: { gid: number } }) => {
  const { t } = useTranslation(['admin', 'group']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { trainingId } = useParams();
  const tid = trainingId ? Number(trainingId) : null;
  const gid = group?.gid;
  const [form] = Form.useForm<Values>();
  const [creatingCategory, setCreatingCategory] = useState(false);
  const existing = useQuery({
    queryKey: queryKey(gid === undefined ? contract.getAdminTraining : groupTraining.getGroupTraining, tid),
    queryFn: () =>
      api.call(gid === undefined ? contract.getAdminTraining : groupTraining.getGroupTraining, { tid: tid ?? 0 }),
    enabled: tid !== null,
  });
  const categories = useQuery({
    queryKey: adminCategoriesKey,
    queryFn: () => api.call(training.getTrainingCategory, {}),
  });
  const choices = gid === undefined ? (categories.data ?? []) : categoriesForGroup(categories.data ?? [], gid);
  // No category at all: a training cannot be saved, so the admin is sent to add one; a group's admin
  // adds one for the group from this form.
  const noCategory = categories.isSuccess && choices.length === 0;

  useEffect(() => {
    const d = existing.data;
    if (!d) return;
    form.setFieldsValue({
      rank: d.training.rank,
      title: d.training.title,
      description: d.training.description,
      auth: d.training.auth,
      privatePwd: d.training.privatePwd ?? undefined,
      categoryId: d.trainingCategory?.id ?? d.training.categoryId ?? undefined,
      status: d.training.status,
      openTime: d.training.openTime ? dayjs(d.training.openTime) : null,
      dueTime: d.training.dueTime ? dayjs(d.training.dueTime) : null,
      lateUntil: d.training.lateUntil ? dayjs(d.training.lateUntil) : null,
      latePenalty: d.training.latePenalty,
      latePenaltyUnit: d.training.latePenaltyUnit,
      latePenaltyFloor: d.training.latePenaltyFloor,
    });
  }, [existing.data, form]);

  const auth = Form.useWatch('auth', form) ?? TRAINING_AUTH.PUBLIC;
  const hasDue = !!Form.useWatch('dueTime', form);
  const required = (label: string) => ({
    required: true,
    whitespace: true,
    message: t('Admin_Training_Field_Required', { field: label }),
  });

  const saving = useApiMutation({
    mutationFn: (body: TrainingForm) =>
      gid === undefined
        ? tid
          ? api.call(contract.updateTraining, { ...body, training: { ...body.training, id: tid } })
          : api.call(contract.createTraining, body)
        : tid
          ? api.call(groupTraining.updateGroupTraining, { ...body, training: { ...body.training, id: tid, gid } })
          : api.call(groupTraining.createGroupTraining, { ...body, training: { ...body.training, gid } }),
    invalidates: (saved) => [
      ...trainingListKeys(gid),
      queryKey(gid === undefined ? contract.getAdminTraining : groupTraining.getGroupTraining, saved.training.id),
    ],
    onSuccess: (saved) => {
      toast.success(t('Admin_Training_Saved'));
      // A new training goes on to its problems.
      if (!tid)
        navigate(
          gid === undefined
            ? `/admin/training/${saved.training.id}/problems`
            : groupTrainingAdminPaths(gid).problems(saved.training.id),
        );
    },
  });
  const save = (v: Values) => {
    const category = choices.find((c) => c.id === v.categoryId);
    const body: TrainingForm = {
      training: {
        title: v.title.trim(),
        description: v.description,
        auth: v.auth,
        privatePwd: v.auth === TRAINING_AUTH.PUBLIC ? null : v.privatePwd,
        rank: v.rank,
        status: v.status,
        ...homeworkBody(v),
      },
      trainingCategory: category
        ? { id: category.id, name: category.name, color: category.color }
        : { id: v.categoryId },
    };
    saving.mutate(body);
  };

  if (tid !== null && existing.isLoading) return <Spin style={{ display: 'block', padding: 96 }} />;

  return (
    <Panel
      title={t(tid ? 'Admin_Training_Edit' : 'Admin_Training_Create')}
      extra={
        gid !== undefined && (
          <Space wrap>
            {tid !== null && (
              <Link to={groupTrainingAdminPaths(gid).problems(tid)}>{t('Admin_Training_Problems')}</Link>
            )}
            <Link to={groupTrainingAdminPaths(gid).list}>{t('Group_Training_Back_To_List')}</Link>
          </Space>
        )
      }
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={save}
        initialValues={{
          rank: TRAINING_DEFAULT_RANK,
          title: '',
          description: '',
          auth: TRAINING_AUTH.PUBLIC,
          status: true,
          openTime: null,
          dueTime: null,
          lateUntil: null,
          ...HOMEWORK_DEFAULTS,
        }}
      >
        <Form.Item
          name="rank"
          label={t('Admin_Training_Rank')}
          extra={t('Admin_Training_Rank_Tip')}
          rules={[
            { required: true, message: t('Admin_Training_Field_Required', { field: t('Admin_Training_Rank') }) },
            {
              validator: async (_, value: number | null | undefined) => {
                if (value === null || value === undefined) return;
                if (!Number.isInteger(value) || value < 0 || value > INT32.max) {
                  throw new Error(t('Admin_Training_Rank_Range', { field: t('Admin_Training_Rank') }));
                }
              },
            },
          ]}
        >
          <InputNumber
            aria-label={t('Admin_Training_Rank')}
            min={0}
            max={INT32.max}
            precision={0}
            style={{ width: '100%', maxWidth: 220 }}
          />
        </Form.Item>
        <Form.Item name="title" label={t('Admin_Training_Title')} rules={[required(t('Admin_Training_Title'))]}>
          <Input maxLength={255} />
        </Form.Item>
        <Form.Item name="description" rules={[required(t('Admin_Training_Description'))]}>
          <MarkdownFieldAdapter label={t('Admin_Training_Description')} />
        </Form.Item>
        {/* One wrapping row: even gaps beside each other, no doubled gap when a phone stacks them. */}
        <Space wrap size={[24, 0]} align="start">
          <Form.Item name="auth" label={t('Admin_Training_Auth')}>
            <Radio.Group
              options={[
                { value: TRAINING_AUTH.PUBLIC, label: t('Admin_Training_Public') },
                { value: TRAINING_AUTH.PRIVATE, label: t('Admin_Training_Private') },
              ]}
            />
          </Form.Item>
          {auth !== TRAINING_AUTH.PUBLIC && (
            <Form.Item
              name="privatePwd"
              label={t('Admin_Training_Password')}
              rules={[required(t('Admin_Training_Password'))]}
            >
              <Input.Password maxLength={100} style={{ maxWidth: 240 }} />
            </Form.Item>
          )}
          <Form.Item
            name="categoryId"
            label={t('Admin_Training_Category_Field')}
            extra={
              gid !== undefined && (
                <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setCreatingCategory(true)}>
                  {t('Group_Training_New_Category')}
                </Button>
              )
            }
            rules={[
              {
                required: true,
                message: t('Admin_Training_Field_Required', { field: t('Admin_Training_Category_Field') }),
              },
            ]}
          >
            <Select
              aria-label={t('Admin_Training_Category_Field')}
              placeholder={t('Admin_Training_Choose_Category')}
              loading={categories.isLoading}
              style={{ width: 220, maxWidth: '100%' }}
              options={choices.map((c) => ({
                value: c.id,
                label: <Tag color={c.color}>{c.name}</Tag>,
                title: c.name,
              }))}
            />
          </Form.Item>
          <Form.Item name="status" label={t('Admin_Training_Visible')} valuePropName="checked">
            <Switch aria-label={t('Admin_Training_Visible')} />
          </Form.Item>
        </Space>
        <HomeworkFields hasDue={hasDue} />
        {gid !== undefined && noCategory && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title={t('Group_Training_No_Category')}
            action={
              <Button size="small" type="primary" onClick={() => setCreatingCategory(true)}>
                {t('Group_Training_Create_Category')}
              </Button>
            }
          />
        )}
        <div>
          <Button type="primary" htmlType="submit" loading={saving.isPending}>
            {t('Admin_Training_Save')}
          </Button>
        </div>
      </Form>
      {gid !== undefined && (
        <GroupTrainingCategoryCreator
          gid={gid}
          open={creatingCategory}
          onClose={() => setCreatingCategory(false)}
          onCreated={(c) => {
            setCreatingCategory(false);
            // Chosen at once: the list shows it before the categories are read again.
            queryClient.setQueryData<TrainingCategory[]>(adminCategoriesKey, (old) => [
              ...(old ?? []).filter((x) => x.id !== c.id),
              c,
            ]);
            form.setFieldValue('categoryId', c.id);
            void queryClient.invalidateQueries({ queryKey: adminCategoriesKey });
          }}
        />
      )}
      <Modal
        open={noCategory && gid === undefined}
        title={t('Admin_Training_No_Category_Title')}
        closable={false}
        maskClosable={false}
        cancelButtonProps={{ style: { display: 'none' } }}
        okText={t('Admin_Training_Go_Category')}
        onOk={() => navigate('/admin/training/category')}
      >
        {t('Admin_Training_No_Category')}
      </Modal>
    </Panel>
  );
};

const TIME_FORMAT = 'YYYY-MM-DD HH:mm';

/** The homework part of the form (decision 0052): open, due and late-until times, the late penalty in percent per
 * day or hour and its floor. The late fields wait for a due time; the times must run open < due <= late-until. */
const HomeworkFields = ({ hasDue }: { hasDue: boolean }) => {
  const { t } = useTranslation(['admin', 'group']);
  const percent = (label: string) => ({
    validator: async (_: unknown, value: number | null | undefined) => {
      if (value === null || value === undefined) return;
      if (!Number.isInteger(value) || value < 0 || value > 100) {
        throw new Error(t('Admin_Homework_Percent_Range', { field: label }));
      }
    },
  });
  return (
    <fieldset aria-label={t('Admin_Homework')} style={{ border: 0, padding: 0, margin: '0 0 8px', minWidth: 0 }}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('Admin_Homework')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('Admin_Homework_Tip')}</Typography.Paragraph>
      <Space wrap size={[24, 0]} align="start">
        <Form.Item name="openTime" label={t('Admin_Homework_Open_Time')} extra={t('Admin_Homework_Open_Time_Tip')}>
          <DateField showTime={{ format: 'HH:mm' }} format={TIME_FORMAT} aria-label={t('Admin_Homework_Open_Time')} />
        </Form.Item>
        <Form.Item
          name="dueTime"
          label={t('Admin_Homework_Due_Time')}
          dependencies={['openTime']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_: unknown, due: Dayjs | null | undefined) => {
                const open = getFieldValue('openTime') as Dayjs | null | undefined;
                if (open && due && !open.isBefore(due)) throw new Error(t('Admin_Homework_Due_After_Open'));
              },
            }),
          ]}
        >
          <DateField showTime={{ format: 'HH:mm' }} format={TIME_FORMAT} aria-label={t('Admin_Homework_Due_Time')} />
        </Form.Item>
        <Form.Item
          name="lateUntil"
          label={t('Admin_Homework_Late_Until')}
          extra={t('Admin_Homework_Late_Until_Tip')}
          dependencies={['dueTime']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_: unknown, late: Dayjs | null | undefined) => {
                const due = getFieldValue('dueTime') as Dayjs | null | undefined;
                if (late && due && late.isBefore(due)) throw new Error(t('Admin_Homework_Late_After_Due'));
              },
            }),
          ]}
        >
          <DateField
            showTime={{ format: 'HH:mm' }}
            format={TIME_FORMAT}
            disabled={!hasDue}
            aria-label={t('Admin_Homework_Late_Until')}
          />
        </Form.Item>
      </Space>
      <Space wrap size={[24, 0]} align="start">
        <Form.Item
          name="latePenalty"
          label={t('Admin_Homework_Penalty')}
          rules={[percent(t('Admin_Homework_Penalty'))]}
        >
          <InputNumber
            aria-label={t('Admin_Homework_Penalty')}
            min={0}
            max={100}
            precision={0}
            suffix="%"
            disabled={!hasDue}
            style={{ width: 120 }}
          />
        </Form.Item>
        <Form.Item name="latePenaltyUnit" label={t('Admin_Homework_Penalty_Unit')}>
          <Radio.Group
            disabled={!hasDue}
            options={[
              { value: 'day', label: t('Admin_Homework_Per_Day') },
              { value: 'hour', label: t('Admin_Homework_Per_Hour') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="latePenaltyFloor"
          label={t('Admin_Homework_Penalty_Floor')}
          extra={t('Admin_Homework_Penalty_Floor_Tip')}
          rules={[percent(t('Admin_Homework_Penalty_Floor'))]}
        >
          <InputNumber
            aria-label={t('Admin_Homework_Penalty_Floor')}
            min={0}
            max={100}
            precision={0}
            suffix="%"
            disabled={!hasDue}
            style={{ width: 120 }}
          />
        </Form.Item>
      </Space>
    </fieldset>
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

export default AdminTrainingEditPage;
