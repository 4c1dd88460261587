import type { ContestPrint } from '@oj/shared';
import { contestStaff } from '@oj/shared';
import { Alert, Button, Form, Input, Space, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useResponsiveColumns } from '../../components/responsive-table';
import { api } from '../../lib/api';
import { toast } from '../../lib/notify';
import { queryKey } from '../../lib/query-keys';
import { useApiMutation } from '../../lib/use-api-mutation';
import { useContestContext } from './contest-detail-page';
import { useStaffPage } from './use-staff-page';

const { PRINT_LIMITS } = contestStaff;

export const PRINT_PAGE_SIZE = 15;

/** The print form's rules: empty once trimmed, then fewer than 50 characters. Returns a text key. */
export const checkPrintContent = (content: string | undefined): string | null => {
  const text = content ?? '';
  if (!text.trim()) return 'Content_cannot_be_empty';
  if (text.length < PRINT_LIMITS.minChars) return 'Content_less_than_50';
  return null;
};

/** Waiting or printed, as a tag (status 0 waiting, 1 printed). */
export const PrintStatusTag = ({ status }: { status: number }) => {
  const { t } = useTranslation(['contest', 'comment']);
  return status === 1 ? <Tag color="green">{t('Print_Printed')}</Tag> : <Tag color="orange">{t('Print_Waiting')}</Tag>;
};

/** The print tab: a text to print, then the user's own prints and their status. */
const PrintForm = () => {
  const { t } = useTranslation(['contest', 'comment']);
  const { contest } = useContestContext();
  const cid = contest.id;
  const [form] = Form.useForm<{ content: string }>();
  const { query: mine, setCurrentPage, pagination } = useStaffPage(contestStaff.getContestPrint, cid, PRINT_PAGE_SIZE);
  // A 429 (one print per 30 s) or any other refusal is shown by the HTTP client with the server's message.
  const submit = useApiMutation({
    mutationFn: (content: string) => api.call(contestStaff.submitPrintText, { cid, content }),
    invalidates: [queryKey(contestStaff.getContestPrint, cid)],
    onSuccess: () => {
      toast.success(t('Print_Submit_successfully'));
      form.resetFields();
      setCurrentPage(1);
    },
  });

  // The time and the status on a phone; the length from a tablet, in each row's details before.
  const layout = useResponsiveColumns<ContestPrint>([
    {
      title: t('Print_Time'),
      dataIndex: 'gmtCreate',
      key: 'gmtCreate',
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
    },
    {
      title: t('Print_Length'),
      dataIndex: 'length',
      key: 'length',
      from: 'tablet',
      render: (n: number) => t('Print_Chars', { count: n }),
    },
    {
      title: t('Print_Status'),
      dataIndex: 'status',
      key: 'status',
      render: (s: number) => <PrintStatusTag status={s} />,
    },
  ]);

  return (
    <section aria-label={t('Print')}>
      <Form form={form} layout="vertical" onFinish={({ content }) => submit.mutate(content)}>
        <Form.Item
          name="content"
          label={t('Print_Text')}
          rules={[
            {
              validator: (_, value: string | undefined) => {
                const key = checkPrintContent(value);
                return key ? Promise.reject(new Error(t(key))) : Promise.resolve();
              },
            },
          ]}
        >
          <Input.TextArea
            rows={14}
            maxLength={PRINT_LIMITS.maxChars}
            showCount
            placeholder={t('Print_Placeholder')}
            style={{ fontFamily: 'monospace' }}
          />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={submit.isPending}>
            {t('Print_Submit')}
          </Button>
          <Button onClick={() => form.resetFields()}>{t('Print_Reset')}</Button>
        </Space>
      </Form>
      <h3 style={{ marginTop: 24 }}>{t('My_Prints')}</h3>
      <Table<ContestPrint>
        rowKey="id"
        size="small"
        loading={mine.isLoading}
        dataSource={mine.data?.records ?? []}
        locale={{ emptyText: t('No_Print') }}
        pagination={{ ...pagination, hideOnSinglePage: true }}
        {...layout}
      />
    </section>
  );
};

/** A bookmark of a contest whose printing is closed says so instead of calling the server. */
const ContestPrintPage = () => {
  const { t } = useTranslation(['contest', 'comment']);
  const { contest } = useContestContext();
  if (!contest.openPrint) return <Alert type="info" showIcon title={t('Print_Closed')} />;
  return <PrintForm />;
};

export default ContestPrintPage;
