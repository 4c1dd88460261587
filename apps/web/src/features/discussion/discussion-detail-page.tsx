import {
  DeleteOutlined,
  EditOutlined,
  LikeFilled,
  LikeOutlined,
  PushpinFilled,
  WarningOutlined,
} from '@ant-design/icons';
import { discussion as contract, type Discussion, groupDiscussion } from '@oj/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Divider, Popconfirm, Result, Space, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { MarkdownView } from '../../components/markdown-view';
import { Panel } from '../../components/panel';
import { api } from '../../lib/api';
import { useSession } from '../../lib/auth-store';
import { toast } from '../../lib/notify';
import { loginDialog } from '../../lib/ui-store';
import { CommentSection } from '../comment/comment-section';
import { DiscussionAuthor } from './discussion-author';
import { type DiscussionDialogState, DiscussionEditDialog } from './discussion-edit-dialog';
import { DiscussionCounts, formatTime, useDiscussionCategories } from './discussion-list-page';
import { categoryLabel, type DiscussionGroup, discussionPaths, discussionRights } from './discussion-model';
import { DiscussionReportDialog } from './discussion-report-dialog';
import '../../components/post-markdown.css';
import './discussion.css';
import { queryKey } from '../../lib/query-keys';
import { useApiMutation } from '../../lib/use-api-mutation';

/** /discussion-detail/:discussionID: the post, like, report, edit (author) and delete (author or
 * admin), and the comment section below the post. With `group` (/group/:groupID/discussion-detail/
 * :discussionID): edit and delete through the group's calls, delete for the author or a group admin, links inside
 * the group. Reading, likes, reports and comments are the public calls either way (the server applies the group's
 * rule). */
const DiscussionDetailPage = ({ group }: { group?: DiscussionGroup }) => {
  const { t } = useTranslation('discussion');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { discussionID } = useParams();
  const did = Number(discussionID);
  const { isAuthenticated, user, roles } = useSession();
  const [dialog, setDialog] = useState<DiscussionDialogState>(null);
  const [reporting, setReporting] = useState(false);

  const key = queryKey(contract.getDiscussionDetail, did, user?.uid ?? null);
  const detail = useQuery({
    queryKey: key,
    queryFn: () => api.call(contract.getDiscussionDetail, { did }, { silent: true }),
    enabled: Number.isInteger(did) && did > 0,
    retry: false,
  });
  const categories = useDiscussionCategories();
  const d = detail.data;

  const requireLogin = () => {
    if (isAuthenticated) return true;
    toast.warning(t('Please_login_first'));
    loginDialog.open();
    return false;
  };

  const like = useApiMutation({
    mutationFn: (v: { did: number; toLike: boolean }) => api.call(contract.likeDiscussion, v),
    onSuccess: (_, { toLike }) => {
      queryClient.setQueryData<Discussion>(key, (old) =>
        old ? { ...old, hasLike: toLike, likeNum: Math.max(0, old.likeNum + (toLike ? 1 : -1)) } : old,
      );
      toast.success(t(toLike ? 'Like_Successfully' : 'Cancel_Like_Successfully'));
    },
  });
  const toggleLike = () => {
    if (!d || !requireLogin()) return;
    like.mutate({ did: d.id, toLike: !d.hasLike });
  };

  const paths = discussionPaths(group?.gid);

  const removal = useApiMutation({
    mutationFn: (target: Discussion) =>
      group
        ? api.call(groupDiscussion.deleteGroupDiscussion, { did: target.id })
        : api.call(contract.deleteDiscussion, { did: target.id }),
    invalidates: group
      ? [
          queryKey(groupDiscussion.getGroupDiscussionList, group.gid),
          queryKey(groupDiscussion.getGroupAdminDiscussionList, group.gid),
        ]
      : [queryKey(contract.getDiscussionList)],
    onSuccess: (_, target) => {
      toast.success(t('Discussion_Delete_successfully'));
      navigate(target.pid ? paths.problemList(target.pid) : paths.list);
    },
  });
  const remove = () => (d ? removal.settle(d) : undefined);

  /** A comment or reply posted or deleted below: the post's counter follows at once, and the lists count again when
   * next shown. */
  const commentsChanged = (delta: number) => {
    queryClient.setQueryData<Discussion>(key, (old) =>
      old ? { ...old, commentNum: Math.max(0, old.commentNum + delta) } : old,
    );
    void queryClient.invalidateQueries({
      queryKey: group
        ? queryKey(groupDiscussion.getGroupDiscussionList, group.gid)
        : queryKey(contract.getDiscussionList),
    });
  };

  if (detail.isLoading) return <Spin style={{ display: 'block', padding: 96 }} />;
  if (!d) {
    return (
      <Result
        status="warning"
        title={detail.error?.message || t('Discussion_Not_Found')}
        extra={<Button onClick={() => navigate(paths.list)}>{t('Discussion_Back_To_List')}</Button>}
      />
    );
  }

  // A post read outside its own area (a group's post at /discussion-detail, or another place's post inside a
  // group) opens where it belongs, so its links, rights and calls are that area's.
  const home = d.gid ?? undefined;
  if (home !== group?.gid) {
    return <Navigate replace to={discussionPaths(home).detail(d.id)} />;
  }

  const rights = discussionRights(d, { uid: user?.uid, roles }, group);

  return (
    <>
      <Panel
        title={
          <span style={{ wordBreak: 'break-word' }}>
            {d.topPriority && (
              <Tag color="red" icon={<PushpinFilled />}>
                {t('Discussion_Top')}
              </Tag>
            )}
            {d.title}
          </span>
        }
      >
        <Space wrap size={[16, 8]} style={{ marginBottom: 8 }}>
          <DiscussionAuthor d={d} size={32} />
          <Typography.Text type="secondary">
            {t('Discussion_Posted_At', { time: formatTime(d.gmtCreate) })}
          </Typography.Text>
          {d.categoryName && <Tag color="blue">{categoryLabel(d.categoryName, t)}</Tag>}
          {d.pid && (
            <Link to={paths.problemList(d.pid)}>
              {t('Discussion_Problem')} {d.pid}
            </Link>
          )}
          {d.status === 1 && <Tag>{t('Discussion_Disabled')}</Tag>}
        </Space>
        {d.description && (
          <Typography.Paragraph type="secondary" style={{ wordBreak: 'break-word' }}>
            {d.description}
          </Typography.Paragraph>
        )}
        <Divider style={{ margin: '8px 0 16px' }} />
        <article
          className="oj-post-markdown oj-discussion__content"
          style={{ overflowX: 'auto', minWidth: 0, overflowWrap: 'anywhere' }}
        >
          <MarkdownView source={d.content} />
        </article>
        <Divider style={{ margin: '16px 0 8px' }} />
        <Space wrap size={[8, 8]} style={{ justifyContent: 'space-between', width: '100%' }}>
          <DiscussionCounts d={d} />
          <Space wrap size={[8, 8]}>
            <Button
              type={d.hasLike ? 'primary' : 'default'}
              icon={d.hasLike ? <LikeFilled /> : <LikeOutlined />}
              aria-pressed={d.hasLike}
              loading={like.isPending}
              onClick={toggleLike}
            >
              {t(d.hasLike ? 'Discussion_Liked' : 'Discussion_Like')}
            </Button>
            <Button
              icon={<WarningOutlined />}
              onClick={() => {
                if (requireLogin()) setReporting(true);
              }}
            >
              {t('Discussion_Report')}
            </Button>
            {rights.edit && (
              <Button icon={<EditOutlined />} onClick={() => setDialog({ mode: 'edit', discussion: d })}>
                {t('Discussion_Edit')}
              </Button>
            )}
            {rights.remove && (
              <Popconfirm
                title={t('Discussion_Delete_Confirm')}
                okText={t('Discussion_Delete')}
                cancelText={t('Discussion_Cancel')}
                onConfirm={remove}
              >
                <Button danger icon={<DeleteOutlined />}>
                  {t('Discussion_Delete')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        </Space>
      </Panel>
      <section
        id="discussion-comments"
        className="oj-discussion__comments"
        aria-label={t('Discussion_Comments')}
        data-discussion-id={d.id}
      >
        <Panel title={t('Discussion_Comments')}>
          <CommentSection did={d.id} onCountChange={commentsChanged} />
        </Panel>
      </section>
      <DiscussionEditDialog
        state={dialog}
        categories={categories.data ?? []}
        group={group}
        onClose={() => setDialog(null)}
        onSaved={(saved) => {
          setDialog(null);
          queryClient.setQueryData<Discussion>(key, (old) => (old ? { ...old, ...saved } : saved));
          void queryClient.invalidateQueries({ queryKey: key });
        }}
      />
      <DiscussionReportDialog did={d.id} open={reporting} onClose={() => setReporting(false)} />
    </>
  );
};

export default DiscussionDetailPage;
