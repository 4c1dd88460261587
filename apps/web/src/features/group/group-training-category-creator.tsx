import { groupTraining, type TrainingCategory } from '@oj/shared';
import { ColorPicker, Form, Input, Modal, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { toast } from '../../lib/notify';
import { useApiMutation } from '../../lib/use-api-mutation';

/** The admin area's default category colour. */
const DEFAULT_COLOR = '#409EFF';

interface Values {
  name: string;
  color: string;
}

/** A training category made by a group admin from the group's training form (with no category the form
 * cannot be saved, and a teacher cannot reach the admin area's category page). It carries the group's id. */
export const GroupTrainingCategoryCreator = ({
  gid,
  open,
  onClose,
  onCreated,
}: {
  gid: number;
  open: boolean;
  onClose: () => void;
  onCreated: (category: TrainingCategory) => void;
}) => {
  const { t } = useTranslation(['group', 'admin']);
  const [form] = Form.useForm<Values>();
  const name = Form.useWatch('name', form) ?? '';
  const color = Form.useWatch('color', form) ?? DEFAULT_COLOR;

  // A refusal leaves the dialog open for another try.
  const save = useApiMutation({
    mutationFn: (v: Values) =>
      api.call(groupTraining.createGroupTrainingCategory, { gid, name: v.name.trim(), color: v.color }),
    onSuccess: (created) => {
      toast.success(t('Group_Training_Category_Created'));
      form.resetFields();
      onCreated(created);
    },
  });

  return (
    <Modal
      open={open}
      title={t('Group_Training_Create_Category')}
      okText={t('Group_Training_Category_Save')}
      cancelText={t('Admin_Training_Cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={save.mutate}
        initialValues={{ name: '', color: DEFAULT_COLOR }}
      >
        <Form.Item
          name="name"
          label={t('Admin_Training_Category_Name')}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t('Admin_Training_Field_Required', { field: t('Admin_Training_Category_Name') }),
            },
          ]}
        >
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item
          name="color"
          label={t('Admin_Training_Category_Color')}
          getValueFromEvent={(c: { toHexString: () => string }) => c.toHexString()}
        >
          <ColorPicker aria-label={t('Admin_Training_Category_Color')} format="hex" disabledAlpha showText />
        </Form.Item>
        {name.trim() && (
          <p>
            {t('Admin_Training_Category_Preview')}: <Tag color={color}>{name.trim()}</Tag>
          </p>
        )}
      </Form>
    </Modal>
  );
};
