import { DeleteOutlined, UserOutlined } from '@ant-design/icons';
import { msg, type Page, type SysMessage, type UnreadCounts, type UserMessage } from '@oj/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Avatar, Badge, Button, Empty, List, Pagination, Popconfirm, Space, Spin, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { MarkdownView } from '../../components/markdown-view';
import { api } from '../../lib/api';
import { useSession } from '../../lib/auth-store';
import { toast } from '../../lib/notify';
import { plainExcerpt } from '../../lib/plain-excerpt';
import { queryKey } from '../../lib/query-keys';
import { useApiMutation } from '../../lib/use-api-mutation';
import { actionKey, endpointOf, type MessageTab, messageTabOf, pageSizeOf, sourcePath } from './message-model';
import { UNREAD_QUERY_KEY } from './use-unread-counts';
import './message.css';

type AnyMessage = UserMessage | SysMessage;

const time = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');

const ReadState = ({ read }: { read: boolean }) => {
  const { t } = useTranslation('message');
  return read ? (
    <Tag>{t('Message_Read')}</Tag>
  ) : (
    <Tag color="red">
      <Badge status="error" /> {t('Message_Unread')}
    </Tag>
  );
};

const UserMessageItem = ({ m }: { m: UserMessage }) => {
  const { t } = useTranslation('message');
  const to = sourcePath(m);
  const title = m.sourceTitle || plainExcerpt(m.sourceContent ?? '') || t('Message_Source_Untitled');
  const sender = m.senderUsername ?? t('Message_Someone');
  return (
    <div style={{ display: 'flex', gap: 12, alignItems: 'flex-start' }}>
      <Avatar src={m.senderAvatar || undefined} icon={<UserOutlined />} alt="" style={{ flex: 'none' }} />
      <Space orientation="vertical" size={2} style={{ minWidth: 0, flex: 1 }}>
        <span style={{ wordBreak: 'break-word' }}>
          {m.senderId ? (
            <Link
              to={`/user-home?uid=${encodeURIComponent(m.senderId)}&username=${encodeURIComponent(sender)}`}
              style={{ fontWeight: 500 }}
            >
              {sender}
            </Link>
          ) : (
            <strong>{sender}</strong>
          )}{' '}
          {t(actionKey(m.action))} {to ? <Link to={to}>{title}</Link> : <span>{title}</span>}
        </span>
        {m.sourceTitle && m.sourceContent && m.sourceContent !== m.sourceTitle && (
          <Typography.Paragraph ellipsis={{ rows: 3 }} style={{ margin: 0, wordBreak: 'break-word' }}>
            {plainExcerpt(m.sourceContent)}
          </Typography.Paragraph>
        )}
        {m.quoteContent && (
          <Typography.Paragraph
            type="secondary"
            ellipsis={{ rows: 3 }}
            style={{ margin: 0, paddingLeft: 8, borderLeft: '3px solid #e5e5e5', wordBreak: 'break-word' }}
          >
            {plainExcerpt(m.quoteContent)}
          </Typography.Paragraph>
        )}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {time(m.gmtCreate)}
        </Typography.Text>
      </Space>
    </div>
  );
};

const SysMessageItem = ({ m }: { m: SysMessage }) => (
  <Space orientation="vertical" size={2} style={{ width: '100%', minWidth: 0 }}>
    <strong style={{ wordBreak: 'break-word' }}>{m.title}</strong>
    <div className="oj-message__content" style={{ overflowX: 'auto', minWidth: 0 }}>
      <MarkdownView source={m.content} />
    </div>
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      {time(m.gmtCreate)}
    </Typography.Text>
  </Space>
);

/** One tab of the message centre: a page of 6 (user messages) or 8 (notices). Loading a page marks it read on
 * the server, so the unread counter drops locally at once and is then refetched, and the page's rows show as read. */
const MessageList = ({ tab }: { tab: MessageTab }) => {
  const { t } = useTranslation('message');
  const queryClient = useQueryClient();
  const { user } = useSession();
  const [currentPage, setPage] = useState(1);
  const limit = pageSizeOf(tab);
  const listKey = queryKey(endpointOf(tab), currentPage, user?.uid ?? null);
  const list = useQuery({
    queryKey: listKey,
    queryFn: () => api.call(endpointOf(tab), { currentPage, limit }) as Promise<Page<AnyMessage>>,
    placeholderData: keepPreviousData,
  });

  // Each page's unread rows are counted once, when that answer arrives.
  const counted = useRef(0);
  useEffect(() => {
    if (!list.data || list.isPlaceholderData || list.dataUpdatedAt === counted.current) return;
    counted.current = list.dataUpdatedAt;
    const fresh = list.data.records.filter((m) => !m.state).length;
    if (fresh) {
      queryClient.setQueriesData<UnreadCounts>({ queryKey: UNREAD_QUERY_KEY }, (old) =>
        old ? { ...old, [tab.unread]: Math.max(0, old[tab.unread] - fresh) } : old,
      );
      // The server answered the rows as they were and marked them read: they are read now, as the counter says. The
      // answer's time is kept, so this is not counted as a new answer.
      queryClient.setQueryData<Page<AnyMessage>>(
        listKey,
        (old) => (old ? { ...old, records: old.records.map((m) => (m.state ? m : { ...m, state: true })) } : old),
        { updatedAt: list.dataUpdatedAt },
      );
    }
    void queryClient.invalidateQueries({ queryKey: UNREAD_QUERY_KEY });
  }, [list.data, list.isPlaceholderData, list.dataUpdatedAt, queryClient, tab.unread, listKey]);

  // The list is read again before the unread counts, and the confirmation waits for both.
  const cleaning = useApiMutation({
    mutationFn: (id?: number) => api.call(msg.cleanMessages, { type: tab.kind, id }),
    onSuccess: async (_, id) => {
      toast.success(t('Message_Delete_successfully'));
      if (id === undefined) setPage(1);
      await queryClient.invalidateQueries({ queryKey: queryKey(endpointOf(tab)) });
      void queryClient.invalidateQueries({ queryKey: UNREAD_QUERY_KEY });
    },
  });
  const clean = (id?: number) => cleaning.settle(id);

  const records = list.data?.records ?? [];
  const total = list.data?.total ?? 0;
  return (
    <>
      <Space style={{ width: '100%', justifyContent: 'flex-end', marginBottom: 8 }}>
        <Popconfirm
          title={t('Message_Clean_All_Confirm')}
          okText={t('Message_Confirm')}
          cancelText={t('Message_Cancel')}
          onConfirm={() => clean()}
          disabled={!total}
        >
          <Button danger size="small" disabled={!total}>
            {t('Message_Clean_All')}
          </Button>
        </Popconfirm>
      </Space>
      <Spin spinning={list.isFetching}>
        {records.length ? (
          <List<AnyMessage>
            dataSource={records}
            renderItem={(m) => (
              <List.Item key={m.id} style={{ display: 'block' }}>
                <div style={{ display: 'flex', gap: 12, alignItems: 'flex-start' }}>
                  <div style={{ minWidth: 0, flex: 1 }}>
                    {'senderUsername' in m ? <UserMessageItem m={m} /> : <SysMessageItem m={m} />}
                  </div>
                  <Space orientation="vertical" align="end" size={4}>
                    <ReadState read={m.state} />
                    <Popconfirm
                      title={t('Message_Clean_Confirm')}
                      okText={t('Message_Confirm')}
                      cancelText={t('Message_Cancel')}
                      onConfirm={() => clean(m.id)}
                    >
                      <Button
                        size="small"
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('Message_Clean')}
                      />
                    </Popconfirm>
                  </Space>
                </div>
              </List.Item>
            )}
          />
        ) : (
          <Empty description={list.isFetching ? undefined : t('Message_Empty')} />
        )}
      </Spin>
      <Pagination
        current={currentPage}
        pageSize={limit}
        total={total}
        hideOnSinglePage
        showSizeChanger={false}
        size="small"
        onChange={setPage}
        style={{ marginTop: 12, justifyContent: 'center' }}
      />
    </>
  );
};

/** The child route of /message/: the tab is the last path segment. */
const MessageListPage = () => {
  const tab = messageTabOf(useLocation().pathname);
  return tab ? <MessageList key={tab.path} tab={tab} /> : null;
};

export default MessageListPage;
