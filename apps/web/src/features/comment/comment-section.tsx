import { DeleteOutlined, LikeFilled, LikeOutlined, MessageOutlined, UserOutlined } from '@ant-design/icons';
import type { Comment, Reply } from '@oj/shared';
import { comment as contract } from '@oj/shared';
import { Avatar, Button, Divider, Empty, Popconfirm, Space, Spin, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MarkdownView } from '../../components/markdown-view';
import { api } from '../../lib/api';
import { useSession } from '../../lib/auth-store';
import { toast } from '../../lib/notify';
import { loginDialog } from '../../lib/ui-store';
import { useApiMutation } from '../../lib/use-api-mutation';
import { roleBadge } from '../discussion/discussion-model';
import { usePostRefusal } from '../discussion/post-permission';
import { CommentEditor } from './comment-editor';
import {
  addReplyTo,
  appendPage,
  COMMENT_PAGE,
  type CommentItem,
  type CommentPlace,
  canDelete,
  canLoadMore,
  canReply,
  collapseReplies,
  contentError,
  expandReplies,
  hasHiddenReplies,
  isContestPlace,
  placeInput,
  REPLIES_SHOWN,
  type ReplyTarget,
  removeReplyFrom,
  replyTargetOf,
  resliceReplies,
  toggleLike,
  toItems,
  type Viewer,
} from './comment-model';
import '../../components/post-markdown.css';
import './comment.css';

export type CommentSectionProps = CommentPlace & {
  /** The place's count of comments and replies moved by `delta` (a post or a delete here), so a counter shown beside
   * the section (the discussion's) follows at once. */
  onCountChange?: (delta: number) => void;
};

const formatTime = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');
const userHomePath = (uid: string, username: string) =>
  `/user-home?uid=${encodeURIComponent(uid)}&username=${encodeURIComponent(username)}`;

type Author = Pick<Comment, 'fromUid' | 'fromName' | 'fromAvatar' | 'fromRole' | 'fromTitleName' | 'fromTitleColor'>;

/** Avatar, name (to the user's home), SPA/ADM badge and title. */
const AuthorLine = ({ a, size }: { a: Author; size: number }) => {
  const { t } = useTranslation('comment');
  const badge = roleBadge(a.fromRole);
  return (
    <Space size={6} wrap style={{ minWidth: 0 }}>
      <Avatar size={size} src={a.fromAvatar || undefined} icon={<UserOutlined />} alt="" />
      <Link to={userHomePath(a.fromUid, a.fromName)} style={{ wordBreak: 'break-all' }}>
        {a.fromName}
      </Link>
      {badge && (
        <Tooltip title={t(badge === 'SPA' ? 'Comment_Badge_Root_Title' : 'Comment_Badge_Admin_Title')}>
          <Tag color={badge === 'SPA' ? 'red' : 'orange'} style={{ marginInlineEnd: 0 }}>
            {badge}
          </Tag>
        </Tooltip>
      )}
      {a.fromTitleName && (
        <Tag color={a.fromTitleColor ?? undefined} style={{ marginInlineEnd: 0 }}>
          {a.fromTitleName}
        </Tag>
      )}
    </Space>
  );
};

const Content = ({ source }: { source: string }) => (
  <div
    className="oj-post-markdown oj-comment__content"
    style={{ minWidth: 0, overflowX: 'auto', overflowWrap: 'anywhere' }}
  >
    <MarkdownView source={source} />
  </div>
);

interface ListState {
  items: CommentItem[];
  currentPage: number;
  total: number;
  lastPageSize: number;
  loading: boolean;
}

const EMPTY: ListState = { items: [], currentPage: 0, total: 0, lastPageSize: COMMENT_PAGE, loading: true };

/** The comment area of a discussion or a contest: the comment box, the comments with their replies,
 * load more. Reloaded from the first page whenever the signed-in user changes. */
export const CommentSection = ({ onCountChange, ...place }: CommentSectionProps) => {
  const { t } = useTranslation('comment');
  const { isAuthenticated, user, isAdmin } = useSession();
  const viewer: Viewer = { uid: isAuthenticated ? user?.uid : null, siteAdmin: isAuthenticated && isAdmin };
  const where = placeInput(place);
  // Why the caller may not comment or reply here (too few accepted problems, a muted account), before any typing.
  const refusal = usePostRefusal(where);
  const countChanged = useRef(onCountChange);
  countChanged.current = onCountChange;
  const placeKey = isContestPlace(place) ? `c${place.cid}` : `d${place.did}`;
  const sourceId = isContestPlace(place) ? place.cid : place.did;
  const sourceType = isContestPlace(place) ? 'Contest' : 'Discussion';

  const [list, setList] = useState<ListState>(EMPTY);
  const [target, setTarget] = useState<ReplyTarget | null>(null);
  const [busy, setBusy] = useState<Record<number, boolean>>({});
  // Answers of an earlier place or session are dropped.
  const generation = useRef(0);
  const placeRef = useRef(where);
  placeRef.current = where;
  const listRef = useRef(list);
  listRef.current = list;
  const itemOf = (id: number) => listRef.current.items.find((i) => i.comment.id === id);

  const loadPage = useCallback(async (page: number) => {
    const gen = generation.current;
    setList((s) => ({ ...s, loading: true }));
    try {
      const data = await api.call(
        contract.getComments,
        { ...placeRef.current, currentPage: page, limit: COMMENT_PAGE },
        { silent: true },
      );
      if (gen !== generation.current) return;
      const records = data?.commentList?.records ?? [];
      const next = toItems(records, data?.commentLikeMap);
      setList((s) => ({
        items: page === 1 ? next : appendPage(s.items, next),
        currentPage: page,
        total: data?.commentList?.total ?? 0,
        lastPageSize: records.length,
        loading: false,
      }));
    } catch {
      // A failed load clears the loading flag silently.
      if (gen === generation.current) setList((s) => ({ ...s, loading: false }));
    }
  }, []);

  const uid = isAuthenticated ? (user?.uid ?? null) : null;
  // A new place or signed-in user starts a fresh list.
  useEffect(() => {
    generation.current += 1;
    setList(EMPTY);
    setTarget(null);
    void loadPage(1);
  }, [placeKey, uid, loadPage]);

  const update = (id: number, fn: (item: CommentItem) => CommentItem) =>
    setList((s) => ({ ...s, items: s.items.map((i) => (i.comment.id === id ? fn(i) : i)) }));
  const addTotal = (n: number) => {
    setList((s) => ({ ...s, total: Math.max(0, s.total + n) }));
    countChanged.current?.(n);
  };
  /** Keeps a comment's buttons loading while `job` (a `settle`, which never fails) runs. */
  const withBusy = async (id: number, job: () => Promise<void>) => {
    setBusy((b) => ({ ...b, [id]: true }));
    await job();
    setBusy((b) => ({ ...b, [id]: false }));
  };

  const requireLogin = () => {
    if (isAuthenticated) return true;
    toast.warning(t('Please_login_first'));
    loginDialog.open();
    return false;
  };

  /** Login, then the content rules; answers the trimmed text or null (the user has been told). */
  const checked = (content: string, kind: 'Comment' | 'Reply') => {
    if (!requireLogin()) return null;
    const error = contentError(content);
    if (error?.key === 'Content_cannot_be_empty') {
      toast.warning(t('Content_cannot_be_empty'));
      return null;
    }
    if (error) {
      toast.warning(
        t('Content_Can_not_exceed', {
          field: t(kind === 'Comment' ? 'Comment_Comment_Content' : 'Comment_Reply_Content'),
          max: error.max,
        }),
      );
      return null;
    }
    return content.trim();
  };

  const fetchReplies = (commentId: number) =>
    api.call(contract.getReplies, {
      commentId,
      cid: isContestPlace(place) ? place.cid : undefined,
    });

  // Every change below: a failure the client has shown. A comment or a reply answers whether it went in: the box
  // empties only then, and keeps the text after a refusal.
  const posting = useApiMutation({
    mutationFn: (content: string) => api.call(contract.addComment, { ...where, content }),
    onSuccess: (created) => {
      setList((s) => ({ ...s, items: [...toItems([created], {}), ...s.items] }));
      addTotal(1);
      toast.success(t('Comment_Successfully'));
    },
  });
  const postComment = async (content: string) => {
    const text = checked(content, 'Comment');
    if (text === null) return false;
    return posting.mutateAsync(text).then(
      () => true,
      () => false,
    );
  };

  const replying = useApiMutation({
    mutationFn: ({ to, text }: { to: ReplyTarget; text: string }) =>
      api.call(contract.addReply, {
        reply: { commentId: to.commentId, content: text, toUid: to.toUid, toName: to.toName },
        ...where,
        quoteId: to.quoteId,
        quoteType: to.quoteType,
      }),
    onSuccess: async (created, { to }) => {
      const current = itemOf(to.commentId);
      const fetchAll = !!current && addReplyTo(current, created).fetchAll;
      update(to.commentId, (item) => addReplyTo(item, created).item);
      addTotal(1);
      setTarget(null);
      toast.success(t('Reply_Successfully'));
      if (fetchAll) {
        const all = await fetchReplies(to.commentId);
        update(to.commentId, (item) => expandReplies(item, all));
      }
    },
  });
  const postReply = async (content: string) => {
    if (!target) return false;
    const text = checked(content, 'Reply');
    if (text === null) return false;
    return replying.mutateAsync({ to: target, text }).then(
      () => true,
      () => false,
    );
  };

  const openReply = (c: Comment, r?: Reply) => {
    if (!requireLogin()) return;
    const next = replyTargetOf(c, r);
    setTarget((cur) =>
      cur && cur.commentId === next.commentId && cur.quoteType === next.quoteType && cur.quoteId === next.quoteId
        ? null
        : next,
    );
  };

  const liking = useApiMutation({
    mutationFn: ({ id, toLike }: { id: number; toLike: boolean }) =>
      api.call(contract.likeComment, { cid: id, toLike, sourceId, sourceType }),
    onSuccess: (_, { id, toLike }) => {
      update(id, (i) => toggleLike(i, toLike));
      toast.success(t(toLike ? 'Comment_Like_Successfully' : 'Comment_Cancel_Like_Successfully'));
    },
  });
  const like = (item: CommentItem) => {
    if (!requireLogin()) return;
    const id = item.comment.id;
    void withBusy(id, () => liking.settle({ id, toLike: !item.liked }));
  };

  const moreReplies = useApiMutation({
    mutationFn: (id: number) => fetchReplies(id),
    onSuccess: (all, id) => update(id, (item) => expandReplies(item, all)),
  });
  const viewMore = (id: number) => withBusy(id, () => moreReplies.settle(id));

  const commentRemoval = useApiMutation({
    mutationFn: (item: CommentItem) =>
      api.call(contract.deleteComment, { id: item.comment.id, ...where, fromUid: item.comment.fromUid }),
    onSuccess: (_, item) => {
      setList((s) => ({ ...s, items: s.items.filter((i) => i.comment.id !== item.comment.id) }));
      addTotal(-1 - item.comment.totalReplyNum);
      setTarget((cur) => (cur?.commentId === item.comment.id ? null : cur));
      toast.success(t('Comment_Delete_successfully'));
    },
  });
  // The confirmation keeps its button loading until the answer.
  const removeComment = (item: CommentItem) => commentRemoval.settle(item);

  const replyRemoval = useApiMutation({
    mutationFn: ({ r }: { commentId: number; r: Reply }) =>
      api.call(contract.deleteReply, { reply: { id: r.id }, ...where }),
    onSuccess: async (_, { commentId, r }) => {
      const current = itemOf(commentId);
      const fetchAll = !!current && removeReplyFrom(current, r.id).fetchAll;
      update(commentId, (item) => removeReplyFrom(item, r.id).item);
      addTotal(-1);
      setTarget((cur) => (cur?.quoteType === 'Reply' && cur.quoteId === r.id ? null : cur));
      toast.success(t('Comment_Delete_successfully'));
      if (fetchAll) {
        const all = await fetchReplies(commentId);
        update(commentId, (item) => resliceReplies(item, all));
      }
    },
  });
  const removeReply = (commentId: number, r: Reply) => replyRemoval.settle({ commentId, r });

  const replyBox = (c: Comment) =>
    target?.commentId === c.id ? (
      <div style={{ marginTop: 8 }}>
        <CommentEditor
          key={`${target.quoteType}-${target.quoteId}`}
          label={t('Comment_Reply_Editor')}
          placeholder={t('Comment_Reply_Placeholder', { name: target.toName })}
          submitText={t('Comment_Reply_Submit')}
          submitting={replying.isPending}
          refusal={refusal}
          autoFocus
          onSubmit={postReply}
          onCancel={() => setTarget(null)}
        />
      </div>
    ) : null;

  const replyView = (c: Comment, r: Reply) => (
    <li key={r.id} style={{ padding: '8px 0', minWidth: 0 }} aria-label={`${r.fromName}: ${r.content.slice(0, 40)}`}>
      <Space size={6} wrap style={{ minWidth: 0 }}>
        <AuthorLine a={r} size={24} />
        {r.toName && (
          <Typography.Text type="secondary" style={{ wordBreak: 'break-all' }}>
            {t('Comment_Reply_To')}{' '}
            {r.toUid ? <Link to={userHomePath(r.toUid, r.toName)}>@{r.toName}</Link> : `@${r.toName}`}
          </Typography.Text>
        )}
      </Space>
      <Content source={r.content} />
      <Space wrap size={[4, 0]}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {formatTime(r.gmtCreate)}
        </Typography.Text>
        {canReply(r, viewer, place) && (
          <Button type="link" size="small" icon={<MessageOutlined />} onClick={() => openReply(c, r)}>
            {t('Comment_Reply')}
          </Button>
        )}
        {canDelete(r, viewer, place) && (
          <Popconfirm
            title={t('Comment_Reply_Delete_Confirm')}
            okText={t('Comment_Delete')}
            cancelText={t('Comment_Cancel')}
            onConfirm={() => removeReply(c.id, r)}
          >
            <Button type="link" size="small" danger icon={<DeleteOutlined />}>
              {t('Comment_Delete')}
            </Button>
          </Popconfirm>
        )}
      </Space>
    </li>
  );

  const commentView = (item: CommentItem) => {
    const c = item.comment;
    return (
      <li key={c.id} style={{ padding: '12px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)', minWidth: 0 }}>
        <article aria-label={`${c.fromName}: ${c.content.slice(0, 40)}`} style={{ minWidth: 0 }}>
          <AuthorLine a={c} size={32} />
          <div style={{ paddingInlineStart: 8, minWidth: 0 }}>
            <Content source={c.content} />
            <Space wrap size={[4, 0]}>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {formatTime(c.gmtCreate)}
              </Typography.Text>
              <Button
                type="link"
                size="small"
                icon={item.liked ? <LikeFilled /> : <LikeOutlined />}
                aria-pressed={item.liked}
                aria-label={`${t(item.liked ? 'Comment_Liked' : 'Comment_Like')} (${t('Comment_Likes', { count: c.likeNum })})`}
                loading={!!busy[c.id]}
                onClick={() => like(item)}
              >
                {c.likeNum}
              </Button>
              {canReply(c, viewer, place) && (
                <Button type="link" size="small" icon={<MessageOutlined />} onClick={() => openReply(c)}>
                  {t('Comment_Reply')}
                </Button>
              )}
              {canDelete(c, viewer, place) && (
                <Popconfirm
                  title={t('Comment_Delete_Confirm')}
                  okText={t('Comment_Delete')}
                  cancelText={t('Comment_Cancel')}
                  onConfirm={() => removeComment(item)}
                >
                  <Button type="link" size="small" danger icon={<DeleteOutlined />}>
                    {t('Comment_Delete')}
                  </Button>
                </Popconfirm>
              )}
            </Space>
            {target?.commentId === c.id && target.quoteType === 'Comment' && replyBox(c)}
            {c.replyList.length > 0 && (
              <ul
                aria-label={t('Comment_Replies')}
                style={{
                  listStyle: 'none',
                  margin: '8px 0 0',
                  padding: '0 0 0 12px',
                  borderInlineStart: '2px solid rgba(5, 5, 5, 0.06)',
                  minWidth: 0,
                }}
              >
                {c.replyList.map((r) => replyView(c, r))}
              </ul>
            )}
            {target?.commentId === c.id && target.quoteType === 'Reply' && replyBox(c)}
            {hasHiddenReplies(item) && (
              <Button type="link" size="small" loading={!!busy[c.id]} onClick={() => viewMore(c.id)}>
                {t('Comment_View_More', { count: c.totalReplyNum })}
              </Button>
            )}
            {item.expanded && c.totalReplyNum > REPLIES_SHOWN && (
              <Button type="link" size="small" onClick={() => update(c.id, collapseReplies)}>
                {t('Comment_Collapse')}
              </Button>
            )}
          </div>
        </article>
      </li>
    );
  };

  return (
    <div className="oj-comments" style={{ minWidth: 0 }}>
      <CommentEditor
        label={t('Comment_Editor')}
        placeholder={t('Comment_Placeholder')}
        submitText={t('Comment_Submit')}
        submitting={posting.isPending}
        refusal={refusal}
        onSubmit={postComment}
      />
      <Divider titlePlacement="start" style={{ margin: '16px 0 4px' }}>
        {t('Comment_Total', { count: list.total })}
      </Divider>
      {list.items.length > 0 ? (
        <ul aria-label={t('Comment_Area')} style={{ listStyle: 'none', margin: 0, padding: 0, minWidth: 0 }}>
          {list.items.map(commentView)}
        </ul>
      ) : list.loading ? null : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('Comment_Empty')} />
      )}
      {list.loading && <Spin style={{ display: 'block', padding: 16 }} />}
      {!list.loading && canLoadMore(list.currentPage, list.total, list.lastPageSize) && (
        <div style={{ textAlign: 'center', marginTop: 12 }}>
          <Button onClick={() => void loadPage(list.currentPage + 1)}>{t('Comment_Load_More')}</Button>
        </div>
      )}
    </div>
  );
};
