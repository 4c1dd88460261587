import { act, render } from '@testing-library/react';
import { message, notification } from 'antd';
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { bindNotifiers, HEADER_HEIGHT, MESSAGE_CONFIG, NOTIFICATION_CONFIG, notifyError } from './notify';

const Holders = () => {
  const [messageApi, messageHolder] = message.useMessage(MESSAGE_CONFIG);
  const [notificationApi, notificationHolder] = notification.useNotification(NOTIFICATION_CONFIG);
  useEffect(() => bindNotifiers(messageApi, notificationApi), [messageApi, notificationApi]);
  return (
    <>
      {messageHolder}
      {notificationHolder}
    </>
  );
};

const setWidth = (px: number) => Object.defineProperty(window, 'innerWidth', { configurable: true, value: px });

describe('notifications (failed logins, spec 1-core §9)', () => {
  afterEach(() => setWidth(1024));

  it('shows repeated errors as one notification, the newest text, below the header', async () => {
    setWidth(1366);
    render(<Holders />);
    await act(async () => {
      for (let i = 1; i <= 5; i++) notifyError('Error', `Wrong password ${i}`);
    });
    const notices = document.querySelectorAll('.ant-notification-notice');
    expect(notices).toHaveLength(1);
    expect(notices[0]?.textContent).toContain('Wrong password 5');
    const list = document.querySelector('.ant-notification-topRight') as HTMLElement;
    expect(Number.parseInt(list.style.getPropertyValue('--notification-top'), 10)).toBeGreaterThan(HEADER_HEIGHT);
  });

  it('on a phone, shows repeated errors as one toast below the header', async () => {
    setWidth(390);
    render(<Holders />);
    await act(async () => {
      for (let i = 1; i <= 5; i++) notifyError('Error', `Wrong password ${i}`);
    });
    const toasts = document.querySelectorAll('.ant-message-notice');
    expect(toasts).toHaveLength(1);
    expect(toasts[0]?.textContent).toContain('Wrong password 5');
    expect(document.querySelectorAll('.ant-notification-notice')).toHaveLength(0);
    const list = document.querySelector('.ant-message') as HTMLElement;
    expect(Number.parseInt(list.style.getPropertyValue('--notification-top'), 10)).toBeGreaterThan(HEADER_HEIGHT);
  });
});
