import { adminProblem } from '@oj/shared';
import { Button, Input, Space, Typography, Upload } from 'antd';
import type { ClipboardEvent } from 'react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readableSize } from '../../../lib/readable-size';
import { Field } from './problem-form-field';
import type { ExtraFileRow } from './problem-form-model';

/** The largest extra file the editor takes, as the server does (testlib.h is about 200 KB; a data header may be near
 * 1 MB). */
const { EXTRA_FILE_MAX_BYTES } = adminProblem;
/** Files up to this size may be edited in a text area; a larger text in a controlled text area stalls the page for
 * minutes, so larger files are only uploaded, and shown as their name and size. */
export const EXTRA_FILE_EDITABLE_BYTES = 20 * 1024;

const utf8Bytes = (s: string) => new TextEncoder().encode(s).length;

/** An uploaded file's text, or why it cannot be an extra file: too large, or not UTF-8 text (NUL bytes included). */
export const readExtraFile = async (f: File): Promise<{ content: string } | { refused: 'tooLarge' | 'notText' }> => {
  if (f.size > EXTRA_FILE_MAX_BYTES) return { refused: 'tooLarge' };
  let content: string;
  try {
    // File.text() would replace bad bytes silently; the fatal decoder says the file is not UTF-8.
    content = new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array(await f.arrayBuffer()));
  } catch {
    return { refused: 'notText' };
  }
  return content.includes('\0') ? { refused: 'notText' } : { content };
};

const FileRow = ({
  label,
  index,
  row,
  editing,
  onChange,
  onEditing,
  onUpload,
  onRemove,
}: {
  label: string;
  index: number;
  row: ExtraFileRow;
  editing: boolean;
  onChange: (patch: Partial<ExtraFileRow>) => void;
  onEditing: (editing: boolean) => void;
  onUpload: (f: File) => void;
  onRemove: () => void;
}) => {
  const { t } = useTranslation(['admin', 'contest']);
  const bytes = useMemo(() => utf8Bytes(row.content), [row.content]);
  const editable = bytes <= EXTRA_FILE_EDITABLE_BYTES;
  const n = index + 1;
  // A large paste goes to the form without passing through the text area, which then closes.
  const onPaste = (e: ClipboardEvent<HTMLTextAreaElement>) => {
    const pasted = e.clipboardData.getData('text');
    if (utf8Bytes(pasted) <= EXTRA_FILE_EDITABLE_BYTES) return;
    e.preventDefault();
    const area = e.currentTarget;
    onChange({
      content: row.content.slice(0, area.selectionStart) + pasted + row.content.slice(area.selectionEnd),
    });
    onEditing(false);
  };
  return (
    <Space align="start" wrap style={{ display: 'flex', marginBottom: 8 }}>
      <Input
        aria-label={`${label} ${t('File_Name')} ${n}`}
        placeholder={t('File_Name')}
        value={row.name}
        onChange={(e) => onChange({ name: e.target.value })}
      />
      {editing && editable ? (
        <Input.TextArea
          aria-label={`${label} ${t('File_Content')} ${n}`}
          placeholder={t('File_Content')}
          rows={3}
          style={{ width: 420, maxWidth: '100%' }}
          value={row.content}
          onChange={(e) => onChange({ content: e.target.value })}
          onPaste={onPaste}
        />
      ) : (
        <Typography.Text style={{ lineHeight: '32px' }}>
          {`${row.name.trim() || t('Extra_File_Unnamed')} · ${readableSize(bytes)}`}
        </Typography.Text>
      )}
      <Upload
        showUploadList={false}
        beforeUpload={(f) => {
          onUpload(f);
          return false;
        }}
      >
        <Button aria-label={`${label} ${t('Extra_File_Upload')} ${n}`}>{t('Extra_File_Upload')}</Button>
      </Upload>
      {editable && (
        <Button type="link" onClick={() => onEditing(!editing)}>
          {editing ? t('Extra_File_Collapse') : t('Extra_File_Edit')}
        </Button>
      )}
      <Button onClick={onRemove}>{t('Remove')}</Button>
    </Space>
  );
};

/** Extra files given to the user's program or to the checker: a name and a content each. A file is uploaded (up to
 * 1 MiB of UTF-8 text) or, when short, typed; a row shows the file's name and size, and only a short file opens in a
 * text area. The form sends them as HOJ's JSON of name to content (formToDto in problem-form-model.ts). */
export const ProblemExtraFilesField = ({
  label,
  rows,
  onChange,
}: {
  label: string;
  rows: ExtraFileRow[];
  onChange: (rows: ExtraFileRow[]) => void;
}) => {
  const { t } = useTranslation(['admin']);
  // The rows as they are when an upload's reading ends (the user may have typed meanwhile).
  const latest = useRef(rows);
  latest.current = rows;
  // Which rows have their text area open, by position; a row not toggled yet is open while it is empty.
  const [editing, setEditing] = useState<(boolean | undefined)[]>([]);
  const [refused, setRefused] = useState<string | null>(null);
  const isEditing = (i: number) => editing[i] ?? rows[i]?.content === '';
  const setEditingAt = (i: number, v: boolean) =>
    setEditing((e) => {
      const next = [...e];
      next[i] = v;
      return next;
    });
  const set = (i: number, patch: Partial<ExtraFileRow>) =>
    onChange(rows.map((r, k) => (k === i ? { ...r, ...patch } : r)));
  // Into row i, or a new row when i is rows.length; a typed name stays, an empty one takes the file's.
  const upload = async (i: number, f: File) => {
    const read = await readExtraFile(f);
    if ('refused' in read) {
      setRefused(
        read.refused === 'tooLarge'
          ? t('Extra_File_Too_Large', { name: f.name, size: readableSize(f.size) })
          : t('Extra_File_Not_Text', { name: f.name }),
      );
      return;
    }
    setRefused(null);
    const now = latest.current;
    const old = now[i];
    const row = { name: old?.name.trim() ? old.name : f.name, content: read.content };
    onChange(old ? now.map((r, k) => (k === i ? row : r)) : [...now, row]);
    setEditingAt(i, false);
  };
  return (
    <Field label={label}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('Extra_File_Tip')}
      </Typography.Paragraph>
      {rows.map((r, i) => (
        <FileRow
          key={i}
          label={label}
          index={i}
          row={r}
          editing={isEditing(i)}
          onChange={(patch) => set(i, patch)}
          onEditing={(v) => setEditingAt(i, v)}
          onUpload={(f) => void upload(i, f)}
          onRemove={() => {
            onChange(rows.filter((_, k) => k !== i));
            setEditing((e) => e.filter((_, k) => k !== i));
          }}
        />
      ))}
      {refused && (
        <Typography.Paragraph type="danger" role="alert" style={{ marginBottom: 8 }}>
          {refused}
        </Typography.Paragraph>
      )}
      <Space>
        <Button
          size="small"
          onClick={() => {
            onChange([...rows, { name: '', content: '' }]);
            setEditingAt(rows.length, true);
          }}
        >
          {t('Add_File')}
        </Button>
        <Upload
          showUploadList={false}
          beforeUpload={(f) => {
            void upload(rows.length, f);
            return false;
          }}
        >
          <Button size="small" aria-label={`${label} ${t('Extra_File_Upload_New')}`}>
            {t('Extra_File_Upload_New')}
          </Button>
        </Upload>
      </Space>
    </Field>
  );
};
