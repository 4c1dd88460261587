import { account } from '@oj/shared';
import { Button, Form, type FormInstance, Input, Space } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';

/** The image captcha (GET /api/captcha): fetched on mount; `refresh` draws a new one and clears what was typed
 * (the server uses a captcha up once it is checked). */
export const useCaptcha = (form: FormInstance) => {
  const [captcha, setCaptcha] = useState<{ img: string; captchaKey: string } | null>(null);
  const refresh = useCallback(async () => {
    // Clear what was typed but keep the server's message ("the captcha is wrong") in view.
    form.setFields([{ name: 'captcha', value: '', errors: form.getFieldError('captcha') }]);
    try {
      setCaptcha(await api.call(account.captcha, {}));
    } catch {
      // The client showed why; the image stays as it was and can be clicked again.
    }
  }, [form]);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  return { img: captcha?.img, captchaKey: captcha?.captchaKey ?? '', refresh };
};

/** The captcha input (1 to 8 characters) with its image; clicking the image draws a new one. */
export const CaptchaField = ({
  img,
  onRefresh,
  required = true,
}: {
  img?: string;
  onRefresh: () => void;
  required?: boolean;
}) => {
  const { t } = useTranslation('auth');
  const label = t('Reg_Captcha');
  return (
    <Form.Item label={label} required={required}>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item
          name="captcha"
          noStyle
          rules={[
            { required, whitespace: true, message: t('Reg_Required', { field: label }) },
            { max: 8, message: t('Reg_Captcha_Length') },
          ]}
        >
          <Input aria-label={label} maxLength={8} autoComplete="off" />
        </Form.Item>
        <Button onClick={onRefresh} aria-label={t('Reg_Captcha_Image')} style={{ padding: 0, height: 32 }}>
          {img ? <img src={img} alt="" style={{ height: 30, display: 'block' }} /> : '…'}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
};

/** A code field with its "send code" button, disabled while the resend countdown runs. */
export const CodeField = ({
  name,
  label,
  left,
  sending,
  onSend,
  rules,
}: {
  name: string;
  label: string;
  left: number;
  sending: boolean;
  onSend: () => void;
  rules: NonNullable<Parameters<typeof Form.Item>[0]['rules']>;
}) => {
  const { t } = useTranslation('auth');
  return (
    <Form.Item label={label} required>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item name={name} noStyle rules={rules}>
          <Input aria-label={label} autoComplete="one-time-code" />
        </Form.Item>
        <Button onClick={onSend} loading={sending} disabled={left > 0}>
          {left > 0 ? t('Reg_Resend_In', { seconds: left }) : t('Reg_Send_Code')}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
};
