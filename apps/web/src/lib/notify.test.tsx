import { act, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HEADER_HEIGHT, NotifyBridge, notifyError } from './notify';

const setWidth = (px: number) => Object.defineProperty(window, 'innerWidth', { configurable: true, value: px });

describe('notifications (failed logins)', () => {
  afterEach(() => setWidth(1024));

  it('shows repeated errors as one notification, the newest text, below the header', async () => {
    setWidth(1366);
    render(<NotifyBridge />);
    await act(async () => {
      for (let i = 1; i <= 5; i++) notifyError('Error', `Wrong password ${i}`);
    });
    // antd's notification code is its own chunk, loaded by the first message.
    await waitFor(() => expect(document.querySelectorAll('.ant-notification-notice')).toHaveLength(1));
    const notices = document.querySelectorAll('.ant-notification-notice');
    expect(notices[0]?.textContent).toContain('Wrong password 5');
    const list = document.querySelector('.ant-notification-topRight') as HTMLElement;
    expect(Number.parseInt(list.style.getPropertyValue('--notification-top'), 10)).toBeGreaterThan(HEADER_HEIGHT);
  });

  it('on a phone, shows repeated errors as one toast below the header', async () => {
    setWidth(390);
    render(<NotifyBridge />);
    await act(async () => {
      for (let i = 1; i <= 5; i++) notifyError('Error', `Wrong password ${i}`);
    });
    await waitFor(() => expect(document.querySelectorAll('.ant-message-notice')).toHaveLength(1));
    const toasts = document.querySelectorAll('.ant-message-notice');
    expect(toasts[0]?.textContent).toContain('Wrong password 5');
    expect(document.querySelectorAll('.ant-notification-notice')).toHaveLength(0);
    const list = document.querySelector('.ant-message') as HTMLElement;
    expect(Number.parseInt(list.style.getPropertyValue('--notification-top'), 10)).toBeGreaterThan(HEADER_HEIGHT);
  });
});
