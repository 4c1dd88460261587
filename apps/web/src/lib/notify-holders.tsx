import { message, notification } from 'antd';
import type { ConfigOptions as MessageConfig, MessageInstance } from 'antd/es/message/interface';
import type { NotificationConfig, NotificationInstance } from 'antd/es/notification/interface';
import { useEffect } from 'react';

interface Props {
  messageConfig: MessageConfig;
  notificationConfig: NotificationConfig;
  /** Hands the instances over; answers the unbinding, run when the holders unmount. */
  bind: (m: MessageInstance, n: NotificationInstance) => () => void;
}

/** antd's message and notification holders, loaded by NotifyBridge (lib/notify.tsx) when the first message is to
 * be shown; on mount they hand their instances to `bind` (taken back on unmount), and what was said meanwhile is
 * shown. The bridge passes the settings and `bind` in, so this module does not import lib/notify.tsx back. */
const NotifyHolders = ({ messageConfig, notificationConfig, bind }: Props) => {
  const [messageInstance, messageHolder] = message.useMessage(messageConfig);
  const [notificationInstance, notificationHolder] = notification.useNotification(notificationConfig);
  useEffect(() => bind(messageInstance, notificationInstance), [bind, messageInstance, notificationInstance]);
  return (
    <>
      {messageHolder}
      {notificationHolder}
    </>
  );
};

export default NotifyHolders;
