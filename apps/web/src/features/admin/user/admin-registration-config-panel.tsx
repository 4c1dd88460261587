import { home, type RegistrationConfig, registration, type SmsMessage } from '@oj/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Radio, Select, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverPaging } from '../../../components/paging';
import { Panel } from '../../../components/panel';
import { useResponsiveColumns } from '../../../components/responsive-table';
import { api } from '../../../lib/api';
import { formatTime } from '../../../lib/format-time';
import { toast } from '../../../lib/notify';
import { queryKey } from '../../../lib/query-keys';
import { useApiMutation } from '../../../lib/use-api-mutation';

const CONFIG_KEY = queryKey(registration.getRegistrationConfig);

/** A JSON object, or empty (keep the stored headers). */
const isHeadersJson = (s: string | undefined) => {
  if (!s?.trim()) return true;
  try {
    const v = JSON.parse(s);
    return !!v && typeof v === 'object' && !Array.isArray(v);
  } catch {
    return false;
  }
};

/** How the site registers and texts (decision 0025): the method the register switch offers, automatic approval, and
 * the SMS provider. The gateway's headers are write-only: the server never sends them back, empty keeps them. */
export const RegistrationConfigPanel = () => {
  const { t } = useTranslation(['admin', 'auth', 'submission', 'user']);
  const queryClient = useQueryClient();
  const [form] = Form.useForm<RegistrationConfig>();
  const config = useQuery({ queryKey: CONFIG_KEY, queryFn: () => api.call(registration.getRegistrationConfig, {}) });
  // The watch is empty until the form has mounted: the stored value meanwhile.
  const provider = Form.useWatch('smsProvider', form) ?? config.data?.smsProvider;
  // A failure the HTTP client has shown.
  const save = useApiMutation({
    mutationFn: ({ smsHttpHeaders, ...rest }: RegistrationConfig) =>
      api.call(registration.setRegistrationConfig, {
        ...rest,
        ...(smsHttpHeaders?.trim() ? { smsHttpHeaders } : {}),
      }),
    onSuccess: (saved) => {
      toast.success(t('Update_Successfully'));
      queryClient.setQueryData(CONFIG_KEY, saved);
      form.setFieldValue('smsHttpHeaders', '');
      // The register page and the reset page read the method from the public configuration.
      void queryClient.invalidateQueries({ queryKey: queryKey(home.getWebsiteConfig) });
    },
  });
  if (!config.data) return <Panel title={t('Registration_Config')}>…</Panel>;
  return (
    <Panel title={t('Registration_Config')}>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ ...config.data, smsHttpHeaders: '' }}
        onFinish={save.mutate}
        style={{ maxWidth: 640 }}
        aria-label={t('Registration_Config')}
      >
        <Form.Item name="registerMethod" label={t('Register_Method')} extra={t('Register_Method_Tip')}>
          <Radio.Group
            options={[
              { value: 'mobile', label: t('Register_Method_Mobile') },
              { value: 'email', label: t('Register_Method_Email') },
            ]}
          />
        </Form.Item>
        <Form.Item name="autoApprove" label={t('Auto_Approve')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="smsProvider" label={t('Sms_Provider')}>
          <Radio.Group
            options={[
              { value: 'outbox', label: t('Sms_Provider_Outbox') },
              { value: 'http', label: t('Sms_Provider_Http') },
            ]}
          />
        </Form.Item>
        {provider === 'http' && (
          <>
            <Form.Item
              name="smsHttpUrl"
              label={t('Sms_Http_Url')}
              rules={[{ required: true }, { type: 'url' }, { max: 500 }]}
            >
              <Input placeholder="https://" />
            </Form.Item>
            <Form.Item name="smsHttpMethod" label={t('Sms_Http_Method')}>
              <Select options={['POST', 'GET', 'PUT'].map((m) => ({ value: m, label: m }))} style={{ width: 120 }} />
            </Form.Item>
            <Form.Item
              name="smsHttpHeaders"
              label={t('Sms_Http_Headers')}
              extra={t('Sms_Http_Headers_Tip')}
              rules={[
                { max: 4000 },
                {
                  validator: (_, v: string | undefined) =>
                    isHeadersJson(v) ? Promise.resolve() : Promise.reject(new Error(t('Sms_Http_Headers_Invalid'))),
                },
              ]}
            >
              <Input.TextArea rows={3} placeholder='{"Authorization": "..."}' autoComplete="off" />
            </Form.Item>
            <Form.Item
              name="smsHttpBody"
              label={t('Sms_Http_Body')}
              extra={t('Sms_Http_Body_Tip')}
              rules={[{ max: 4000 }]}
            >
              <Input.TextArea rows={4} />
            </Form.Item>
            <Form.Item
              name="smsHttpSuccess"
              label={t('Sms_Http_Success')}
              extra={t('Sms_Http_Success_Tip')}
              rules={[{ max: 200 }]}
            >
              <Input />
            </Form.Item>
          </>
        )}
        <Button type="primary" htmlType="submit">
          {t('Save')}
        </Button>
      </Form>
    </Panel>
  );
};

/** Every text message the site sent or tried to send, newest first (root; the embedded provider's only trace). */
export const SmsOutboxPanel = () => {
  const { t } = useTranslation(['admin', 'auth', 'submission', 'user']);
  const [mobile, setMobile] = useState('');
  const [currentPage, setPage] = useState(1);
  const list = useQuery({
    queryKey: queryKey(registration.getSmsOutbox, mobile, currentPage),
    queryFn: () => api.call(registration.getSmsOutbox, { mobile, currentPage, limit: 20 }),
  });
  // A phone shows when, to whom and whether it went; the purpose, the text and the provider in each row's details.
  const layout = useResponsiveColumns<SmsMessage>([
    { title: t('Sms_Sent_At'), key: 'sent', render: (_, m) => formatTime(m.gmtCreate, true) },
    { title: t('Reg_Mobile'), dataIndex: 'mobile', key: 'mobile' },
    {
      title: t('Sms_Purpose'),
      key: 'purpose',
      from: 'tablet',
      render: (_, m) => t(m.purpose === 'register' ? 'Sms_Purpose_Register' : 'Sms_Purpose_Reset'),
    },
    {
      title: t('Sms_Content'),
      dataIndex: 'content',
      key: 'content',
      from: 'tablet',
      render: (v: string) => <div style={{ minWidth: 200, maxWidth: 320, overflowWrap: 'anywhere' }}>{v}</div>,
    },
    {
      title: t('Sms_Provider_Col'),
      key: 'provider',
      from: 'wide',
      render: (_, m) => t(m.provider === 'http' ? 'Sms_Provider_Http' : 'Sms_Provider_Outbox_Short'),
    },
    {
      title: t('Sms_Result'),
      key: 'result',
      render: (_, m) =>
        m.ok ? (
          <Tag color="green">{t('Sms_Ok')}</Tag>
        ) : (
          <Typography.Text type="danger" style={{ display: 'inline-block', maxWidth: 200, overflowWrap: 'anywhere' }}>
            <Tag color="red">{t('Sms_Failed')}</Tag>
            {m.error}
          </Typography.Text>
        ),
    },
  ]);
  return (
    <Panel
      title={t('Sms_Outbox')}
      extra={
        <Input.Search
          aria-label={t('Sms_Search_Mobile')}
          placeholder={t('Sms_Search_Mobile')}
          allowClear
          style={{ width: 220 }}
          onSearch={(v) => {
            setMobile(v.trim());
            setPage(1);
          }}
        />
      }
    >
      <Table<SmsMessage>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.records ?? []}
        pagination={serverPaging(currentPage, 20, list.data?.total, setPage)}
        {...layout}
      />
    </Panel>
  );
};
