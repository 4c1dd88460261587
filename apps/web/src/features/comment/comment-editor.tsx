import { SmileOutlined } from '@ant-design/icons';
import { Button, Input, Popover, Space, Tooltip } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PostRefusalNotice } from '../discussion/post-permission';
import { applySnippet, EMOJI, insertAt, SNIPPETS, type SnippetKey } from './comment-model';

const SNIPPET_LABELS: Record<SnippetKey, string> = {
  inlineCode: '`x`',
  codeBlock: '```',
  link: '[ ]( )',
  bulletList: '•',
  numberedList: '1.',
};

/** The comment or reply box: a textarea with markdown helper snippets and an emoji picker. `onSubmit`
 * answers whether the text was taken (the box empties then). `refusal` says before anything is typed why the caller
 * may not post here, and sending waits for it to change. */
export const CommentEditor = ({
  label,
  placeholder,
  submitText,
  submitting,
  autoFocus,
  refusal,
  onSubmit,
  onCancel,
}: {
  label: string;
  placeholder: string;
  submitText: string;
  submitting: boolean;
  autoFocus?: boolean;
  refusal?: string | null;
  onSubmit: (content: string) => Promise<boolean>;
  onCancel?: () => void;
}) => {
  const { t } = useTranslation('comment');
  const [text, setText] = useState('');
  const [emojiOpen, setEmojiOpen] = useState(false);
  const ref = useRef<TextAreaRef>(null);

  const selection = () => {
    const el = ref.current?.resizableTextArea?.textArea;
    return el ? [el.selectionStart, el.selectionEnd] : [text.length, text.length];
  };
  const select = (start: number, end: number) => {
    // After React has written the new value.
    setTimeout(() => {
      const el = ref.current?.resizableTextArea?.textArea;
      if (!el) return;
      el.focus();
      el.setSelectionRange(start, end);
    }, 0);
  };

  const snippet = (key: SnippetKey) => {
    const [start, end] = selection();
    const next = applySnippet(text, start ?? text.length, end ?? text.length, key);
    setText(next.text);
    select(next.selStart, next.selEnd);
  };

  const emoji = (e: string) => {
    const [start, end] = selection();
    const next = insertAt(text, start ?? text.length, end ?? text.length, e);
    setText(next.text);
    setEmojiOpen(false);
    select(next.cursor, next.cursor);
  };

  const submit = async () => {
    if (refusal) return;
    if (await onSubmit(text)) setText('');
  };

  const picker = (
    <fieldset
      aria-label={t('Comment_Emoji')}
      style={{
        border: 0,
        margin: 0,
        padding: 0,
        minWidth: 0,
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(32px, 1fr))',
        width: 'min(340px, 78vw)',
        maxHeight: 220,
        overflowY: 'auto',
      }}
    >
      {EMOJI.map((e) => (
        <button
          key={e}
          type="button"
          aria-label={e}
          onClick={() => emoji(e)}
          style={{ border: 0, background: 'none', cursor: 'pointer', fontSize: 20, lineHeight: '32px', padding: 0 }}
        >
          {e}
        </button>
      ))}
    </fieldset>
  );

  return (
    <div style={{ minWidth: 0 }}>
      {refusal && <PostRefusalNotice text={refusal} />}
      <Space wrap size={4} role="toolbar" aria-label={t('Comment_Toolbar')} style={{ marginBottom: 4 }}>
        {(Object.keys(SNIPPETS) as SnippetKey[]).map((key) => (
          <Tooltip key={key} title={t(`Comment_Snippet_${key}`)}>
            <Button size="small" aria-label={t(`Comment_Snippet_${key}`)} onClick={() => snippet(key)}>
              <span style={{ fontFamily: 'monospace' }}>{SNIPPET_LABELS[key]}</span>
            </Button>
          </Tooltip>
        ))}
        <Popover content={picker} trigger="click" open={emojiOpen} onOpenChange={setEmojiOpen}>
          <Button size="small" icon={<SmileOutlined />} aria-label={t('Comment_Emoji')} />
        </Popover>
      </Space>
      <Input.TextArea
        ref={ref}
        aria-label={label}
        placeholder={placeholder}
        value={text}
        autoFocus={autoFocus}
        autoSize={{ minRows: 3, maxRows: 12 }}
        onChange={(e) => setText(e.target.value)}
      />
      <Space wrap style={{ marginTop: 8, justifyContent: 'flex-end', width: '100%' }}>
        {onCancel && <Button onClick={onCancel}>{t('Comment_Cancel')}</Button>}
        <Button type="primary" loading={submitting} disabled={!!refusal} onClick={submit}>
          {submitText}
        </Button>
      </Space>
    </div>
  );
};
