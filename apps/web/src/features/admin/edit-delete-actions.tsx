import { Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';

/** The action cell of the admin tables: edit, and delete after a confirmation. */
export const EditDeleteActions = ({ onEdit, onDelete }: { onEdit: () => void; onDelete: () => void }) => {
  const { t } = useTranslation('admin');
  return (
    <Space>
      <Button size="small" onClick={onEdit}>
        {t('Edit')}
      </Button>
      <Popconfirm title={t('Delete')} onConfirm={onDelete}>
        <Button size="small" danger>
          {t('Delete')}
        </Button>
      </Popconfirm>
    </Space>
  );
};
