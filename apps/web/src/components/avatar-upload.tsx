import { UploadOutlined } from '@ant-design/icons';
import { Button, Typography, Upload, type UploadProps } from 'antd';
import ImgCrop, { type ImgCropProps } from 'antd-img-crop';
import { useState } from 'react';

/** An avatar's upload button with its hint below (the user's and a group's settings): the picture is cropped first,
 * `beforeUpload` checks (and may convert) it, `upload` sends it while the button spins. */
export const AvatarUpload = ({
  crop,
  types,
  beforeUpload,
  upload,
  label,
  hint,
}: {
  crop: Omit<ImgCropProps, 'children'>;
  /** The file endings the picker offers. */
  types: readonly string[];
  beforeUpload: UploadProps['beforeUpload'];
  upload: (file: File) => Promise<void>;
  label: string;
  hint: string;
}) => {
  const [busy, setBusy] = useState(false);
  const send = async (file: File) => {
    setBusy(true);
    try {
      await upload(file);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      <ImgCrop rotationSlider {...crop}>
        <Upload
          accept={types.map((x) => `.${x}`).join(',')}
          showUploadList={false}
          beforeUpload={beforeUpload}
          customRequest={({ file, onSuccess, onError }) => {
            send(file as File).then(
              () => onSuccess?.(null),
              (err: Error) => onError?.(err),
            );
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy}>
            {label}
          </Button>
        </Upload>
      </ImgCrop>
      <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
        {hint}
      </Typography.Paragraph>
    </div>
  );
};
