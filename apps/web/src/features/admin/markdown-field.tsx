import { file } from '@oj/shared';
import { Button, Input, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkdownView } from '../../components/markdown-view';
import { api } from '../../lib/api';

/** A markdown statement field with preview and image/file upload (admins upload; the server
 * checks the bytes). Uploads append a markdown link at the end of the text. */
export const MarkdownField = ({
  label,
  value,
  onChange,
  rows = 6,
  gid,
}: {
  /** A group's problem: the uploads carry the group's id in the query string. */
  gid?: number;
  label: string;
  value: string;
  onChange: (v: string) => void;
  rows?: number;
}) => {
  const { t } = useTranslation('admin');
  const [preview, setPreview] = useState(false);
  const upload = async (f: File, kind: 'image' | 'file') => {
    const form = new FormData();
    form.append(kind, f, f.name);
    const base = kind === 'image' ? file.uploadMdImg : file.uploadMdFile;
    const endpoint = gid === undefined ? base : { ...base, path: `${base.path}?gid=${gid}` };
    const { link } = await api.call(endpoint, form as never);
    onChange(
      `${value}${value.endsWith('\n') || !value ? '' : '\n'}${kind === 'image' ? '!' : ''}[${f.name}](${link})\n`,
    );
  };
  return (
    <div style={{ marginBottom: 16 }}>
      <Space style={{ marginBottom: 4 }} wrap>
        <strong>{label}</strong>
        <Button size="small" onClick={() => setPreview((p) => !p)}>
          {t('Preview')}
        </Button>
        <Upload
          showUploadList={false}
          accept="image/*"
          beforeUpload={(f) => {
            void upload(f, 'image');
            return false;
          }}
        >
          <Button size="small">{t('Upload_Image')}</Button>
        </Upload>
        <Upload
          showUploadList={false}
          beforeUpload={(f) => {
            void upload(f, 'file');
            return false;
          }}
        >
          <Button size="small">{t('Upload_File')}</Button>
        </Upload>
      </Space>
      <Input.TextArea aria-label={label} rows={rows} value={value} onChange={(e) => onChange(e.target.value)} />
      {preview && (
        <section style={{ border: '1px solid #eee', padding: 8, marginTop: 4 }} aria-label={`${label} ${t('Preview')}`}>
          <MarkdownView source={value} />
        </section>
      )}
    </div>
  );
};
