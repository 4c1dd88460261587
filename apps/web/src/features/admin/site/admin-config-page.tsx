import { adminConfig, home } from '@oj/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Image, Input, InputNumber, Popconfirm, Radio, Space, Switch, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../../components/panel';
import { api } from '../../../lib/api';
import { toast } from '../../../lib/notify';
import { queryKey } from '../../../lib/query-keys';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { RegistrationConfigPanel, SmsOutboxPanel } from '../user/admin-registration-config-panel';

const TEXT_FIELDS = [
  ['name', 'Site_Name'],
  ['shortName', 'Short_Name'],
  ['description', 'Site_Description'],
  ['baseUrl', 'Base_Url'],
  ['email', 'Contact_Email'],
  ['recordName', 'Record_Name'],
  ['recordUrl', 'Record_Url'],
  ['projectName', 'Project_Name'],
  ['projectUrl', 'Project_Url'],
  ['footerBrand', 'Footer_Brand'],
  ['preliminaryUrl', 'Preliminary_Url'],
] as const;
// The discussion and comment switches are on the switch page (get-web-config answers HOJ's WebConfigDTO).
const SWITCH_FIELDS = [['register', 'Allow_Register']] as const;

const WebConfigPanel = () => {
  const { t } = useTranslation(['admin', 'submission', 'user']);
  const queryClient = useQueryClient();
  const config = useQuery({
    queryKey: queryKey(adminConfig.getWebConfig),
    queryFn: () => api.call(adminConfig.getWebConfig, {}),
  });
  // Failures of these mutations the HTTP client has shown.
  const save = useApiMutation({
    mutationFn: (v: Record<string, unknown>) => api.call(adminConfig.setWebConfig, v),
    onSuccess: () => {
      toast.success(t('Update_Successfully'));
      // The site frame and the login dialog read the public configuration.
      void queryClient.invalidateQueries({ queryKey: queryKey(home.getWebsiteConfig) });
      void queryClient.invalidateQueries({ queryKey: queryKey(adminConfig.getWebConfig) });
    },
  });
  if (!config.data) return <Panel title={t('Web_Config')}>…</Panel>;
  return (
    <Panel title={t('Web_Config')}>
      <Form layout="vertical" initialValues={config.data} onFinish={save.mutate} style={{ maxWidth: 640 }}>
        {TEXT_FIELDS.map(([name, label]) => (
          <Form.Item
            key={name}
            name={name}
            label={t(label)}
            rules={name === 'name' || name === 'shortName' ? [{ required: true }] : []}
          >
            <Input />
          </Form.Item>
        ))}
        <Form.Item name="externalImages" label={t('External_Images')} extra={t('External_Images_Tip')}>
          <Radio.Group
            options={[
              { value: 'proxy', label: t('External_Images_Proxy') },
              { value: 'block', label: t('External_Images_Block') },
            ]}
          />
        </Form.Item>
        <Space wrap size="large">
          {SWITCH_FIELDS.map(([name, label]) => (
            <Form.Item key={name} name={name} label={t(label)} valuePropName="checked">
              <Switch />
            </Form.Item>
          ))}
        </Space>
        <Button type="primary" htmlType="submit">
          {t('Save')}
        </Button>
      </Form>
    </Panel>
  );
};

const EmailPanel = () => {
  const { t } = useTranslation(['admin', 'submission', 'user']);
  const [to, setTo] = useState('');
  const email = useQuery({
    queryKey: queryKey(adminConfig.getEmailConfig),
    queryFn: () => api.call(adminConfig.getEmailConfig, {}),
  });
  const save = useApiMutation({
    mutationFn: (v: Record<string, unknown>) => api.call(adminConfig.setEmailConfig, v as never),
    onSuccess: () => toast.success(t('Update_Successfully')),
  });
  const test = useApiMutation({
    mutationFn: () => api.call(adminConfig.testEmail, { email: to }),
    onSuccess: () => toast.success(t('Test_Email_Sent')),
  });
  if (!email.data) return <Panel title={t('Email_Config')}>…</Panel>;
  return (
    <Panel title={t('Email_Config')}>
      <Form layout="vertical" initialValues={email.data} onFinish={save.mutate} style={{ maxWidth: 640 }}>
        <Form.Item name="emailHost" label={t('Smtp_Host')} rules={[{ required: true }]}>
          <Input />
        </Form.Item>
        <Space>
          <Form.Item name="emailPort" label={t('Smtp_Port')} rules={[{ required: true }]}>
            <InputNumber min={1} max={65535} />
          </Form.Item>
          <Form.Item name="emailSsl" label={t('Smtp_Ssl')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        <Form.Item name="emailUsername" label={t('Smtp_Username')}>
          <Input />
        </Form.Item>
        <Form.Item name="emailPassword" label={t('Smtp_Password')}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="emailFrom" label={t('Smtp_From')} rules={[{ type: 'email' }]}>
          <Input />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('Save')}
        </Button>
      </Form>
      <Space style={{ marginTop: 16 }}>
        <Input
          aria-label={t('Test_Email_To')}
          placeholder={t('Test_Email_To')}
          value={to}
          onChange={(e) => setTo(e.target.value)}
        />
        <Button onClick={() => test.mutate()} disabled={!to}>
          {t('Test_Email')}
        </Button>
      </Space>
    </Panel>
  );
};

const CarouselPanel = () => {
  const { t } = useTranslation(['admin', 'submission', 'user']);
  const queryClient = useQueryClient();
  const slides = useQuery({ queryKey: queryKey(home.homeCarousel), queryFn: () => api.call(home.homeCarousel, {}) });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKey(home.homeCarousel) });
  const upload = useApiMutation({
    mutationFn: (f: File) => {
      const body = new FormData();
      body.append('file', f, f.name);
      return api.upload(adminConfig.uploadCarouselImg, body);
    },
    onSuccess: () => {
      toast.success(t('Upload_Successfully'));
      refresh();
    },
  });
  const remove = useApiMutation({
    mutationFn: (id: number) => api.call(adminConfig.deleteHomeCarousel, { id }),
    onSuccess: refresh,
  });
  return (
    <Panel title={t('Home_Carousel')}>
      <Typography.Paragraph type="secondary">{t('Carousel_Tip')}</Typography.Paragraph>
      <Space wrap>
        {(slides.data ?? []).map((s) => (
          <Space key={s.id} orientation="vertical">
            <Image src={s.url} width={200} height={100} style={{ objectFit: 'cover' }} />
            <Popconfirm title={t('Delete')} onConfirm={() => remove.mutate(s.id)}>
              <Button size="small" danger>
                {t('Delete')}
              </Button>
            </Popconfirm>
          </Space>
        ))}
      </Space>
      <Upload
        accept="image/png,image/jpeg,image/gif,image/webp,image/bmp"
        showUploadList={false}
        beforeUpload={(f) => {
          upload.mutate(f);
          return false;
        }}
      >
        <Button type="primary" style={{ marginTop: 8 }}>
          {t('Upload_Image')}
        </Button>
      </Upload>
    </Panel>
  );
};

/** /admin/conf: website configuration, registration settings and the SMS outbox, e-mail settings, home carousel
 * (root only). */
const AdminConfigPage = () => {
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <WebConfigPanel />
      <RegistrationConfigPanel />
      <SmsOutboxPanel />
      <EmailPanel />
      <CarouselPanel />
    </Space>
  );
};

export default AdminConfigPage;
