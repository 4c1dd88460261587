import { DeleteOutlined, EditOutlined, MessageOutlined, UserOutlined } from '@ant-design/icons';
import { review as contract, type Review, type ReviewReply } from '@oj/shared';
import { Avatar, Button, Input, Popconfirm, Segmented, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkdownView } from '../../components/markdown-view';
import { api } from '../../lib/api';
import { formatTime } from '../../lib/format-time';
import { toast } from '../../lib/notify';
import { contentError, linesText } from './review-model';
import '../../components/post-markdown.css';
import './review.css';

/** Text typed into the boxes of one code view, by box: kept when CodeMirror redraws a box (a review far out of view is
 * dropped and drawn again), and cleared once sent. */
export type Drafts = Map<string, string>;

/** Markdown a teacher or student wrote, rendered and sanitised as comments are (components/markdown-view.tsx). */
export const ReviewContent = ({ source }: { source: string }) => (
  <div className="oj-post-markdown oj-review__content">
    <MarkdownView source={source} />
  </div>
);

/** The box a review or reply is written in: markdown in a textarea, with its preview. `onSubmit` answers whether the
 * text was taken (the box empties then). */
export const ReviewEditor = ({
  draftKey,
  drafts,
  initial = '',
  label,
  placeholder,
  submitText,
  onSubmit,
  onCancel,
  onResize,
}: {
  draftKey: string;
  drafts: Drafts;
  initial?: string;
  label: string;
  placeholder: string;
  submitText: string;
  onSubmit: (content: string) => Promise<boolean>;
  onCancel?: () => void;
  /** The box changed height (the code view measures its lines again). */
  onResize?: () => void;
}) => {
  const { t } = useTranslation('review');
  const [text, setText] = useState(() => drafts.get(draftKey) ?? initial);
  const [mode, setMode] = useState<'write' | 'preview'>('write');
  const [sending, setSending] = useState(false);
  const [tried, setTried] = useState(false);
  const error = contentError(text);
  useEffect(() => onResize?.(), [text, mode, tried, onResize]);

  const change = (value: string) => {
    setText(value);
    drafts.set(draftKey, value);
  };
  const submit = async () => {
    setTried(true);
    if (error || sending) return;
    setSending(true);
    try {
      if (await onSubmit(text.trim())) {
        drafts.delete(draftKey);
        setText('');
        setTried(false);
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="oj-review__editor">
      <Segmented
        size="small"
        value={mode}
        onChange={(v) => setMode(v as 'write' | 'preview')}
        options={[
          { label: t('Review_Write'), value: 'write' },
          { label: t('Review_Preview'), value: 'preview' },
        ]}
      />
      {mode === 'write' ? (
        <Input.TextArea
          aria-label={label}
          placeholder={placeholder}
          value={text}
          onChange={(e) => change(e.target.value)}
          autoSize={{ minRows: 3, maxRows: 12 }}
          status={tried && error ? 'error' : undefined}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void submit();
          }}
        />
      ) : (
        <div className="oj-review__preview">
          {text.trim() ? (
            <ReviewContent source={text} />
          ) : (
            <Typography.Text type="secondary">{t('Review_Nothing')}</Typography.Text>
          )}
        </div>
      )}
      {tried && error && (
        <Typography.Text type="danger" role="alert">
          {t(error, { max: contract.REVIEW_LIMITS.content })}
        </Typography.Text>
      )}
      <Space wrap size={8}>
        <Button type="primary" size="small" loading={sending} onClick={() => void submit()}>
          {submitText}
        </Button>
        {onCancel && (
          <Button size="small" onClick={onCancel}>
            {t('Review_Cancel')}
          </Button>
        )}
        <Typography.Text type="secondary" className="oj-review__hint">
          {t('Review_Markdown_Hint')}
        </Typography.Text>
      </Space>
    </div>
  );
};

const Author = ({ name, avatar, tag }: { name: string; avatar: string | null; tag?: string }) => (
  <Space size={6} wrap style={{ minWidth: 0 }}>
    <Avatar size={24} src={avatar || undefined} icon={<UserOutlined />} alt="" />
    <Typography.Text strong style={{ wordBreak: 'break-all' }}>
      {name}
    </Typography.Text>
    {tag && (
      <Tag color="blue" style={{ marginInlineEnd: 0 }}>
        {tag}
      </Tag>
    )}
  </Space>
);

const ReplyItem = ({ reply }: { reply: ReviewReply }) => {
  const { t } = useTranslation('review');
  return (
    <li className="oj-review__reply">
      <Space size={8} wrap>
        <Author name={reply.username} avatar={reply.avatar} tag={reply.byOwner ? t('Review_Student') : undefined} />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {formatTime(reply.gmtCreate)}
        </Typography.Text>
      </Space>
      <ReviewContent source={reply.content} />
    </li>
  );
};

/** One review under its lines: who wrote it and when, its text, its author's edit and delete (root deletes any), its
 * replies and the reply box. Changes reach the list through `onChanged` / `onRemoved` / `onReplied`. */
export const ReviewCard = ({
  review,
  canReply,
  drafts,
  onChanged,
  onRemoved,
  onReplied,
  onResize,
}: {
  review: Review;
  canReply: boolean;
  drafts: Drafts;
  onChanged: (r: Review) => void;
  onRemoved: (id: number) => void;
  onReplied: (r: ReviewReply) => void;
  onResize?: () => void;
}) => {
  const { t } = useTranslation('review');
  const [editing, setEditing] = useState(false);
  const [replying, setReplying] = useState(() => drafts.has(`reply-${review.id}`));
  const lines = linesText(t, review.fromLine, review.toLine);
  const edited = Date.parse(review.gmtModified) - Date.parse(review.gmtCreate) > 1000;
  useEffect(() => onResize?.(), [editing, replying, review.replies.length, review.content, onResize]);

  const save = async (content: string) => {
    try {
      onChanged(await api.call(contract.updateReview, { id: review.id, content }));
      toast.success(t('Review_Saved'));
      setEditing(false);
      return true;
    } catch {
      return false;
    }
  };
  const remove = async () => {
    try {
      await api.call(contract.deleteReview, { id: review.id });
      toast.success(t('Review_Deleted'));
      onRemoved(review.id);
    } catch {
      // The client has shown the server's message.
    }
  };
  const sendReply = async (content: string) => {
    try {
      onReplied(await api.call(contract.addReviewReply, { reviewId: review.id, content }));
      toast.success(t('Review_Replied'));
      setReplying(false);
      return true;
    } catch {
      return false;
    }
  };

  return (
    <article className="oj-review" aria-label={t('Review_Of', { name: review.username, lines })}>
      <header className="oj-review__head">
        <Author name={review.username} avatar={review.avatar} />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {lines} · {formatTime(review.gmtCreate)}
          {edited ? ` · ${t('Review_Edited')}` : ''}
        </Typography.Text>
        <Space size={0} className="oj-review__actions">
          {review.mine && !editing && (
            <Button type="text" size="small" icon={<EditOutlined />} onClick={() => setEditing(true)}>
              {t('Review_Edit')}
            </Button>
          )}
          {review.deletable && (
            <Popconfirm
              title={t('Review_Delete_Confirm')}
              okText={t('Review_Delete')}
              cancelText={t('Review_Cancel')}
              onConfirm={remove}
            >
              <Button type="text" size="small" danger icon={<DeleteOutlined />}>
                {t('Review_Delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      </header>
      {editing ? (
        <ReviewEditor
          draftKey={`edit-${review.id}`}
          drafts={drafts}
          initial={review.content}
          label={t('Review_Content')}
          placeholder={t('Review_Placeholder')}
          submitText={t('Review_Save')}
          onSubmit={save}
          onCancel={() => {
            drafts.delete(`edit-${review.id}`);
            setEditing(false);
          }}
          onResize={onResize}
        />
      ) : (
        <ReviewContent source={review.content} />
      )}
      {review.replies.length > 0 && (
        <ul className="oj-review__replies" aria-label={t('Review_Replies')}>
          {review.replies.map((r) => (
            <ReplyItem key={r.id} reply={r} />
          ))}
        </ul>
      )}
      {canReply &&
        (replying ? (
          <ReviewEditor
            draftKey={`reply-${review.id}`}
            drafts={drafts}
            label={t('Review_Reply_Content')}
            placeholder={t('Review_Reply_Placeholder')}
            submitText={t('Review_Send')}
            onSubmit={sendReply}
            onCancel={() => {
              drafts.delete(`reply-${review.id}`);
              setReplying(false);
            }}
            onResize={onResize}
          />
        ) : (
          <Button size="small" type="link" icon={<MessageOutlined />} onClick={() => setReplying(true)}>
            {t('Review_Reply')}
          </Button>
        ))}
    </article>
  );
};

/** The box of a new review on the picked lines. */
export const ReviewComposer = ({
  submitId,
  from,
  to,
  drafts,
  onAdded,
  onCancel,
  onResize,
}: {
  submitId: number;
  from: number;
  to: number;
  drafts: Drafts;
  onAdded: (r: Review) => void;
  onCancel: () => void;
  onResize?: () => void;
}) => {
  const { t } = useTranslation('review');
  const add = async (content: string) => {
    try {
      onAdded(await api.call(contract.addReview, { submitId, fromLine: from, toLine: to, content }));
      toast.success(t('Review_Added'));
      return true;
    } catch {
      return false;
    }
  };
  return (
    <section className="oj-review oj-review--new" aria-label={t('Review_New', { lines: linesText(t, from, to) })}>
      <Typography.Text strong>{t('Review_New', { lines: linesText(t, from, to) })}</Typography.Text>
      <ReviewEditor
        draftKey="new"
        drafts={drafts}
        label={t('Review_Content')}
        placeholder={t('Review_Placeholder')}
        submitText={t('Review_Publish')}
        onSubmit={add}
        onCancel={onCancel}
        onResize={onResize}
      />
    </section>
  );
};
