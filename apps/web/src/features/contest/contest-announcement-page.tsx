import type { ContestAnnouncement } from '@oj/shared';
import { contest as contract } from '@oj/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Collapse, Empty, Pagination, Spin } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkdownView } from '../../components/markdown-view';
import { api } from '../../lib/api';
import { queryKey } from '../../lib/query-keys';
import { useContestContext } from './contest-detail-page';

const PAGE_SIZE = 5;

/** The contest's announcements, 5 a page. */
const ContestAnnouncementPage = () => {
  const { t } = useTranslation('contest');
  const { contest } = useContestContext();
  const [currentPage, setCurrentPage] = useState(1);
  const list = useQuery({
    queryKey: queryKey(contract.getContestAnnouncement, contest.id, currentPage),
    queryFn: () => api.call(contract.getContestAnnouncement, { cid: contest.id, currentPage, limit: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  if (list.isLoading) return <Spin />;
  const rows: ContestAnnouncement[] = list.data?.records ?? [];
  if (!rows.length) return <Empty description={t('No_Announcement')} />;
  return (
    <>
      <Collapse
        items={rows.map((a) => ({
          key: a.id,
          label: `${a.title} · ${dayjs(a.gmtCreate).format('YYYY-MM-DD HH:mm')} · ${a.username}`,
          children: <MarkdownView source={a.content} />,
        }))}
      />
      <Pagination
        style={{ marginTop: 12 }}
        current={currentPage}
        pageSize={PAGE_SIZE}
        total={list.data?.total ?? 0}
        onChange={setCurrentPage}
      />
    </>
  );
};

export default ContestAnnouncementPage;
