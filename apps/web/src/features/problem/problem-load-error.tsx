import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** The problem could not be loaded (not found, not open to the caller): the server's reason and the way back to the
 * list. Its own chunk: a page that loads never fetches antd's Result. */
const ProblemLoadError = ({ message, onBack }: { message: string; onBack: () => void }) => {
  const { t } = useTranslation(['problem', 'submission']);
  return <Result status="warning" title={message} extra={<Button onClick={onBack}>{t('Problem_List')}</Button>} />;
};

export default ProblemLoadError;
