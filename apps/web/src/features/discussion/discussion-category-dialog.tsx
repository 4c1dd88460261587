import { discussion as contract, type DiscussionCategory } from '@oj/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Input, Modal, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { toast } from '../../lib/notify';
import { queryKey } from '../../lib/query-keys';
import { useApiMutation } from '../../lib/use-api-mutation';

interface Row {
  key: string;
  id?: number;
  name: string;
}

let nextKey = 0;

/** Root edits the category list: rename, add, remove; saving replaces the whole list. */
export const DiscussionCategoryDialog = ({
  open,
  categories,
  onClose,
}: {
  open: boolean;
  categories: DiscussionCategory[];
  onClose: () => void;
}) => {
  const { t } = useTranslation('discussion');
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<Row[]>([]);

  useEffect(() => {
    if (open) setRows(categories.map((c) => ({ key: `c${c.id}`, id: c.id, name: c.name })));
  }, [open, categories]);

  const upsert = useApiMutation({
    mutationFn: (list: { id?: number; name: string }[]) => api.call(contract.upsertDiscussionCategory, list),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKey(contract.getDiscussionCategory), saved);
      toast.success(t('Discussion_Update_Successfully'));
      onClose();
    },
  });

  const save = () => {
    const list = rows.map((r) => ({ id: r.id, name: r.name.trim() }));
    if (list.some((r) => !r.name)) {
      toast.warning(t('Discussion_is_required', { field: t('Discussion_Category_Name') }));
      return;
    }
    upsert.mutate(list);
  };

  return (
    <Modal
      open={open}
      title={t('Discussion_Edit_Categories')}
      onCancel={onClose}
      onOk={save}
      okText={t('Discussion_Save')}
      cancelText={t('Discussion_Cancel')}
      confirmLoading={upsert.isPending}
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        {rows.map((r, i) => (
          <Space.Compact key={r.key} style={{ width: '100%' }}>
            <Input
              aria-label={`${t('Discussion_Category_Name')} ${i + 1}`}
              value={r.name}
              maxLength={50}
              onChange={(e) => setRows((all) => all.map((x) => (x.key === r.key ? { ...x, name: e.target.value } : x)))}
            />
            <Button danger onClick={() => setRows((all) => all.filter((x) => x.key !== r.key))}>
              {t('Discussion_Category_Remove')}
            </Button>
          </Space.Compact>
        ))}
        <Button
          type="dashed"
          block
          onClick={() => {
            nextKey += 1;
            setRows((all) => [...all, { key: `n${nextKey}`, name: '' }]);
          }}
        >
          {t('Discussion_Category_Add')}
        </Button>
        <Typography.Text type="secondary">{t('Discussion_Category_Hint')}</Typography.Text>
      </Space>
    </Modal>
  );
};
