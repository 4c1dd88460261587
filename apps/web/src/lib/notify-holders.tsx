import { message, notification } from 'antd';
import { useEffect } from 'react';
import { bindNotifiers, MESSAGE_CONFIG, NOTIFICATION_CONFIG } from './notify';

/** antd's message and notification holders, loaded by NotifyBridge (lib/notify.tsx) when the first message is to
 * be shown; on mount they hand their instances over, and what was said meanwhile is shown. */
const NotifyHolders = () => {
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

export default NotifyHolders;
