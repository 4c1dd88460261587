import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';

/** Toast default 1000 ms and notification 5 s (spec 1-core §9). */
export const TOAST_SECONDS = 1;
export const NOTIFICATION_SECONDS = 5;
export const MOBILE_MAX_WIDTH = 768;

let messageApi: MessageInstance | null = null;
let notificationApi: NotificationInstance | null = null;

/** antd's hook-based instances follow the theme and locale; app/notify-bridge.tsx hands them over on mount. */
export const bindNotifiers = (m: MessageInstance, n: NotificationInstance) => {
  messageApi = m;
  notificationApi = n;
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
  notificationApi?.error({ title, description: text, duration: NOTIFICATION_SECONDS });
};
