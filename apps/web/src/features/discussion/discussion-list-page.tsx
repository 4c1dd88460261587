import { EyeOutlined, LikeOutlined, MessageOutlined, PushpinFilled } from '@ant-design/icons';
import { discussion as contract, type Discussion, groupDiscussion } from '@oj/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Empty, Input, List, Pagination, Space, Spin, Switch, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Panel } from '../../components/panel';
import { api } from '../../lib/api';
import { useSession } from '../../lib/auth-store';
import { toast } from '../../lib/notify';
import { queryKey } from '../../lib/query-keys';
import { loginDialog } from '../../lib/ui-store';
import { DiscussionAuthor } from './discussion-author';
import { DiscussionCategoryDialog } from './discussion-category-dialog';
import { type DiscussionDialogState, DiscussionEditDialog } from './discussion-edit-dialog';
import { categoryLabel, type DiscussionGroup, discussionPaths } from './discussion-model';
import { newPostPlace, usePostPermission } from './post-permission';

const { DISCUSSION_PAGE } = contract;

const num = (v: string | null) => {
  const n = Number.parseInt(v ?? '', 10);
  return Number.isFinite(n) ? n : undefined;
};

export const useDiscussionCategories = () =>
  useQuery({
    queryKey: queryKey(contract.getDiscussionCategory),
    queryFn: () => api.call(contract.getDiscussionCategory, {}),
    staleTime: 60_000,
  });

export const formatTime = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');

/** Likes, views and comments of a discussion. */
export const DiscussionCounts = ({ d }: { d: Pick<Discussion, 'likeNum' | 'viewNum' | 'commentNum'> }) => {
  const { t } = useTranslation('discussion');
  return (
    <Space size={12} wrap>
      <span title={t('Discussion_Likes', { count: d.likeNum })}>
        <LikeOutlined aria-label={t('Discussion_Likes', { count: d.likeNum })} /> {d.likeNum}
      </span>
      <span title={t('Discussion_Views', { count: d.viewNum })}>
        <EyeOutlined aria-label={t('Discussion_Views', { count: d.viewNum })} /> {d.viewNum}
      </span>
      <span title={t('Discussion_Comment_Count', { count: d.commentNum })}>
        <MessageOutlined aria-label={t('Discussion_Comment_Count', { count: d.commentNum })} /> {d.commentNum}
      </span>
    </Space>
  );
};

const DiscussionItem = ({ d, gid }: { d: Discussion; gid?: number }) => {
  const { t } = useTranslation('discussion');
  const paths = discussionPaths(gid);
  return (
    <List.Item key={d.id} style={{ display: 'block' }}>
      <Space orientation="vertical" size={4} style={{ width: '100%', minWidth: 0 }}>
        <Space wrap size={[8, 4]}>
          {d.topPriority && (
            <Tag color="red" icon={<PushpinFilled />}>
              {t('Discussion_Top')}
            </Tag>
          )}
          {d.status === 1 && <Tag>{t('Discussion_Disabled')}</Tag>}
          <Link to={paths.detail(d.id)} style={{ fontSize: 16, fontWeight: 500, wordBreak: 'break-word' }}>
            {d.title}
          </Link>
        </Space>
        <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0, wordBreak: 'break-word' }}>
          {d.description}
        </Typography.Paragraph>
        <Space wrap size={[16, 4]} style={{ fontSize: 13 }}>
          <DiscussionAuthor d={d} />
          {d.categoryName && <Tag color="blue">{categoryLabel(d.categoryName, t)}</Tag>}
          {d.pid && (
            <Link to={paths.problem(d.pid)}>
              {t('Discussion_Problem')} {d.pid}
            </Link>
          )}
          <DiscussionCounts d={d} />
          <Typography.Text type="secondary">{formatTime(d.gmtCreate)}</Typography.Text>
        </Space>
      </Space>
    </List.Item>
  );
};

/** /discussion and /discussion/:problemID: filters in the URL (keyword, cid,
 * onlyMine, currentPage), 10 a page, top-pinned first as the server orders them. With `group`, the group's list
 * (/group/:groupID/discussion[/:problemID]): the group's calls, which filter by problem only, and
 * links that stay inside the group. */
const DiscussionListPage = ({ group }: { group?: DiscussionGroup }) => {
  const { t } = useTranslation('discussion');
  const navigate = useNavigate();
  const { problemID } = useParams();
  const { isAuthenticated, isSuperAdmin: siteSuperAdmin, user } = useSession();
  // Categories are the site's: only the site's own list offers editing them.
  const isSuperAdmin = siteSuperAdmin && !group;
  const paths = discussionPaths(group?.gid);
  const [params, setParams] = useSearchParams();
  const keyword = group ? '' : (params.get('keyword') ?? '');
  const cid = group ? undefined : num(params.get('cid'));
  const onlyMine = !group && isAuthenticated && params.get('onlyMine') === 'true';
  const currentPage = num(params.get('currentPage')) ?? 1;
  const [search, setSearch] = useState(keyword);
  useEffect(() => setSearch(keyword), [keyword]);
  const [dialog, setDialog] = useState<DiscussionDialogState>(null);
  const [editCategories, setEditCategories] = useState(false);

  const update = (patch: Record<string, string | number | boolean | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries({ currentPage: undefined, ...patch })) {
      if (v === undefined || v === '' || v === false || (k === 'currentPage' && v === 1)) next.delete(k);
      else next.set(k, String(v));
    }
    setParams(next);
  };

  const categories = useDiscussionCategories();
  const input = {
    currentPage,
    limit: DISCUSSION_PAGE,
    keyword: keyword || undefined,
    cid,
    pid: problemID || undefined,
    onlyMine: onlyMine ? 'true' : undefined,
  };
  const list = useQuery({
    queryKey: group
      ? queryKey(groupDiscussion.getGroupDiscussionList, group.gid, input, user?.uid ?? null)
      : queryKey(contract.getDiscussionList, input, user?.uid ?? null),
    queryFn: () =>
      group
        ? api.call(groupDiscussion.getGroupDiscussionList, {
            currentPage,
            limit: DISCUSSION_PAGE,
            gid: group.gid,
            pid: problemID || undefined,
          })
        : api.call(contract.getDiscussionList, input),
    placeholderData: keepPreviousData,
  });
  const records = list.data?.records ?? [];
  // Asked before the dialog opens, so its notice is there before anything is typed.
  usePostPermission(newPostPlace(group?.gid));

  const openCreate = () => {
    if (!isAuthenticated) {
      toast.warning(t('Please_login_first'));
      loginDialog.open();
      return;
    }
    setDialog({ mode: 'create', pid: problemID });
  };

  const chip = (id: number | undefined, label: string) => (
    <Tag.CheckableTag key={id ?? 'all'} checked={cid === id} onChange={() => update({ cid: id })}>
      {label}
    </Tag.CheckableTag>
  );

  return (
    <Panel
      title={problemID ? t('Discussion_Problem_List', { pid: problemID }) : t('Discussion_List')}
      extra={
        <Button type="primary" onClick={openCreate} style={{ flex: 'none' }}>
          {t('Discussion_Create')}
        </Button>
      }
    >
      {/* In the body, not beside the title: on a phone the title, two links and the button cannot share a row. */}
      {problemID && (
        <Space wrap size={[16, 4]} style={{ marginBottom: 12 }}>
          <Link to={paths.problem(problemID)}>{t('Discussion_Back_To_Problem')}</Link>
          <Link to={paths.list}>{t('Discussion_All_Discussions')}</Link>
        </Space>
      )}
      {/* The group's list filters by problem only (its call takes no keyword, category nor only-mine). */}
      {!group && (
        <>
          <Space wrap size={[12, 8]} style={{ marginBottom: 12, width: '100%' }}>
            <Input.Search
              aria-label={t('Discussion_Search')}
              placeholder={t('Discussion_Search')}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              allowClear
              style={{ width: 240, maxWidth: '100%' }}
              onSearch={(v) => update({ keyword: v.trim() })}
            />
            {isAuthenticated && (
              <Space size={6}>
                <Switch
                  aria-label={t('Discussion_Only_Mine')}
                  checked={onlyMine}
                  onChange={(v) => update({ onlyMine: v ? 'true' : undefined })}
                />
                <span>{t('Discussion_Only_Mine')}</span>
              </Space>
            )}
          </Space>
          <Space wrap size={[4, 8]} role="group" aria-label={t('Discussion_Category')} style={{ marginBottom: 12 }}>
            <span style={{ marginRight: 4 }}>{t('Discussion_Category_Label')}</span>
            {chip(undefined, t('Discussion_All'))}
            {(categories.data ?? []).map((c) => chip(c.id, categoryLabel(c.name, t)))}
            {isSuperAdmin && (
              <Button size="small" type="link" onClick={() => setEditCategories(true)}>
                {t('Discussion_Edit_Categories')}
              </Button>
            )}
          </Space>
        </>
      )}
      <Spin spinning={list.isFetching}>
        {records.length ? (
          <List<Discussion> dataSource={records} renderItem={(d) => <DiscussionItem d={d} gid={group?.gid} />} />
        ) : (
          <Empty description={list.isFetching ? undefined : t('Discussion_Empty')} />
        )}
      </Spin>
      <Pagination
        current={currentPage}
        pageSize={DISCUSSION_PAGE}
        total={list.data?.total ?? 0}
        showSizeChanger={false}
        hideOnSinglePage
        size="small"
        onChange={(p) => update({ currentPage: p })}
        style={{ marginTop: 12, justifyContent: 'center' }}
      />
      <DiscussionEditDialog
        state={dialog}
        categories={categories.data ?? []}
        group={group}
        onClose={() => setDialog(null)}
        onSaved={(d) => {
          setDialog(null);
          navigate(paths.detail(d.id));
        }}
      />
      {isSuperAdmin && (
        <DiscussionCategoryDialog
          open={editCategories}
          categories={categories.data ?? []}
          onClose={() => setEditCategories(false)}
        />
      )}
    </Panel>
  );
};

export default DiscussionListPage;
