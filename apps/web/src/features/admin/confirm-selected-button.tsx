import { Button, Popconfirm } from 'antd';

/** A danger action on the rows ticked in an admin table, done only after its confirmation; off while none is ticked. */
export const ConfirmSelectedButton = ({
  label,
  confirm,
  count,
  onConfirm,
  okText,
  cancelText,
}: {
  label: string;
  confirm: string;
  count: number;
  onConfirm: () => void;
  okText?: string;
  cancelText?: string;
}) => (
  <Popconfirm title={confirm} okText={okText} cancelText={cancelText} disabled={!count} onConfirm={onConfirm}>
    <Button danger disabled={!count}>
      {label}
    </Button>
  </Popconfirm>
);
