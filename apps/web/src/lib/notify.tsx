import { message, notification } from 'antd';
import type { ConfigOptions as MessageConfig, MessageInstance } from 'antd/es/message/interface';
import type { NotificationConfig, NotificationInstance } from 'antd/es/notification/interface';
import { useEffect } from 'react';

/** Toast default 1000 ms and notification 5 s (spec 1-core §9). */
export const TOAST_SECONDS = 1;
export const NOTIFICATION_SECONDS = 5;
export const MOBILE_MAX_WIDTH = 768;

/** The site header's height (features/layout/site-frame.css): toasts and notifications open below it, so they
 * never cover the navigation bar and its login and user buttons. */
export const HEADER_HEIGHT = 56;
export const MESSAGE_CONFIG: MessageConfig = { top: HEADER_HEIGHT + 8, maxCount: 1 };
export const NOTIFICATION_CONFIG: NotificationConfig = { top: HEADER_HEIGHT + 16, placement: 'topRight' };

/** A repeated error (five failed logins in a row) replaces the notification on screen, its timer started again,
 * instead of stacking another: one notification per kind. Toasts last a second; a new one replaces the last. */
export const NOTIFY_KEYS = { error: 'oj-notify-error' } as const;

let messageApi: MessageInstance | null = null;
let notificationApi: NotificationInstance | null = null;

/** antd's hook-based instances follow the theme and locale; NotifyBridge hands them over on mount, created with
 * MESSAGE_CONFIG and NOTIFICATION_CONFIG. */
export const bindNotifiers = (m: MessageInstance, n: NotificationInstance) => {
  messageApi = m;
  notificationApi = n;
};

/** Hands antd's context-aware (theme, locale) message and notification instances to the non-React code; app/app.tsx
 * renders it inside its ConfigProvider. The two hooks instead of antd's App: App also bundles the modal hook, which
 * the first visit does not need. */
export const NotifyBridge = () => {
  const [messageInstance, messageHolder] = message.useMessage(MESSAGE_CONFIG);
  const [notificationInstance, notificationHolder] = notification.useNotification(NOTIFICATION_CONFIG);
  useEffect(() => bindNotifiers(messageInstance, notificationInstance), [messageInstance, notificationInstance]);
  return (
    <>
      {messageHolder}
      {notificationHolder}
    </>
  );
};

const isMobile = () => typeof window !== 'undefined' && window.innerWidth < MOBILE_MAX_WIDTH;

export const toast = {
  success: (text: string) => messageApi?.success(text, TOAST_SECONDS),
  info: (text: string) => messageApi?.info(text, TOAST_SECONDS),
  warning: (text: string) => messageApi?.warning(text, TOAST_SECONDS),
  error: (text: string) => messageApi?.error(text, TOAST_SECONDS),
};

/** Call failures: a notification on desktop; the spec shows none on mobile, where a short toast says it instead
 * (a silent failure would leave the user guessing). */
export const notifyError = (title: string, text: string) => {
  if (isMobile()) {
    toast.error(text);
    return;
  }
  notificationApi?.error({ key: NOTIFY_KEYS.error, title, description: text, duration: NOTIFICATION_SECONDS });
};
