import type { ConfigOptions as MessageConfig, MessageInstance } from 'antd/es/message/interface';
import type { NotificationConfig, NotificationInstance } from 'antd/es/notification/interface';
import { Suspense } from 'react';
import { createStore, useStore } from './create-store';
import { lazyScreen } from './lazy-screen';

/** Toast default 1000 ms and notification 5 s. */
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
/** What was said before antd's message and notification code arrived, said in order once it has. */
let queued: ((m: MessageInstance, n: NotificationInstance) => void)[] = [];
/** Whether something asked to be shown: only then does NotifyBridge load antd's message and notification (their
 * own chunk, lib/notify-holders.tsx), which a first visit without a message does not need (decision 0038). */
const wanted = createStore(false);

/** antd's hook-based instances follow the theme and locale; the holders hand them over on mount, created with
 * MESSAGE_CONFIG and NOTIFICATION_CONFIG. Tests bind stand-ins directly. Answers the unbinding, for when the holders
 * unmount (or a test is done with its stand-ins): what is said after it waits for the next binding. */
export const bindNotifiers = (m: MessageInstance, n: NotificationInstance) => {
  messageApi = m;
  notificationApi = n;
  const waiting = queued;
  queued = [];
  for (const say of waiting) say(m, n);
  return () => {
    if (messageApi === m) unbindNotifiers();
  };
};

/** Forgets the bound instances and what waits for them (test files, which share this module, start without another
 * file's stand-ins and messages). */
export const unbindNotifiers = () => {
  messageApi = null;
  notificationApi = null;
  queued = [];
};

const say = (fn: (m: MessageInstance, n: NotificationInstance) => void) => {
  if (messageApi && notificationApi) {
    fn(messageApi, notificationApi);
    return;
  }
  queued.push(fn);
  wanted.set(true);
};

const NotifyHolders = lazyScreen(() => import('./notify-holders'));

/** Hands antd's context-aware (theme, locale) message and notification instances to the non-React code; app/app.tsx
 * renders it inside its ConfigProvider. It loads them when the first message is to be shown. The two hooks instead
 * of antd's App: App also bundles the modal hook. */
export const NotifyBridge = () => {
  const load = useStore(wanted);
  if (!load) return null;
  return (
    <Suspense fallback={null}>
      <NotifyHolders messageConfig={MESSAGE_CONFIG} notificationConfig={NOTIFICATION_CONFIG} bind={bindNotifiers} />
    </Suspense>
  );
};

const isMobile = () => typeof window !== 'undefined' && window.innerWidth < MOBILE_MAX_WIDTH;

export const toast = {
  success: (text: string) => say((m) => m.success(text, TOAST_SECONDS)),
  info: (text: string) => say((m) => m.info(text, TOAST_SECONDS)),
  warning: (text: string) => say((m) => m.warning(text, TOAST_SECONDS)),
  error: (text: string) => say((m) => m.error(text, TOAST_SECONDS)),
};

/** Call failures: a notification on desktop only; on mobile a short toast says it instead
 * (a silent failure would leave the user guessing). */
export const notifyError = (title: string, text: string) => {
  if (isMobile()) {
    toast.error(text);
    return;
  }
  say((_, n) => n.error({ key: NOTIFY_KEYS.error, title, description: text, duration: NOTIFICATION_SECONDS }));
};
