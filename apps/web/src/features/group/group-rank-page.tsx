import { DownloadOutlined } from '@ant-design/icons';
import type { GroupRankRow } from '@oj/shared';
import { group as contract, file as fileContract } from '@oj/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Segmented, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverPaging } from '../../components/paging';
import { type ResponsiveColumn, useResponsiveColumns } from '../../components/responsive-table';
import { SearchBox } from '../../components/search-box';
import { api } from '../../lib/api';
import { useSession } from '../../lib/auth-store';
import { saveBlob } from '../../lib/http-client';
import { queryKey } from '../../lib/query-keys';
import { RankUser, renderNickname } from '../rank/rank-cells';
import { formatRate } from '../submission/judge-status';
import { useGroupContext } from './group-context';

const { GROUP_PAGE, seesGroupRealNames } = contract;

/** The rank as an xlsx file, as the viewer may see it (real names for admins). */
const downloadRank = async (gid: number, type: 0 | 1) => {
  const file = await api.download(fileContract.downloadGroupRank, { gid, type });
  if (file) saveBlob(file);
};

/** The rank tab (members): every submission made in the group (its problems, trainings and contests), ACM or OI,
 * 30 a page; the real-name column for the group's admins and the site's (the server sends the names only to them). */
const GroupRankPage = () => {
  const { t } = useTranslation(['group', 'submission']);
  const { gid, role } = useGroupContext();
  const { roles } = useSession();
  const realnames = seesGroupRealNames(role, roles);
  const [downloading, setDownloading] = useState(false);
  const [type, setType] = useState<0 | 1>(0);
  const [currentPage, setPage] = useState(1);
  const [searchUser, setSearchUser] = useState('');
  const input = { gid, type, currentPage, limit: GROUP_PAGE.rank, searchUser: searchUser || undefined };
  const list = useQuery({
    queryKey: queryKey(contract.getGroupRankList, input),
    queryFn: () => api.call(contract.getGroupRankList, input),
    placeholderData: keepPreviousData,
  });
  const offset = (currentPage - 1) * GROUP_PAGE.rank;
  const acm = type === 0;
  // The place, the user and the solved count (and the score in OI) on a phone; the rest in each row's details.
  const layout = useResponsiveColumns<GroupRankRow>([
    { title: t('Group_Rank_Seq'), key: 'seq', width: 70, render: (_, __, i) => offset + i + 1 },
    { title: t('Group_Rank_User'), key: 'user', render: (_, r) => <RankUser user={r} /> },
    { title: t('Group_Nickname'), dataIndex: 'nickname', key: 'nickname', from: 'tablet', render: renderNickname },
    ...(realnames
      ? [
          {
            title: t('Group_Realname'),
            key: 'realname',
            from: 'tablet',
            render: (_: unknown, r: GroupRankRow) => r.realname ?? '',
          } satisfies ResponsiveColumn<GroupRankRow>,
        ]
      : []),
    { title: t('Group_AC'), dataIndex: 'ac', key: 'ac', width: 80 },
    { title: t('Group_Total'), dataIndex: 'total', key: 'total', from: 'tablet', width: 80 },
    acm
      ? {
          title: t('Group_Rating'),
          key: 'rating',
          from: 'tablet',
          width: 100,
          render: (_, r) => formatRate(r.ac, r.total),
        }
      : { title: t('Group_Score'), dataIndex: 'score', key: 'score', width: 90 },
  ]);

  return (
    <section aria-label={t('Group_Tab_Rank')}>
      <div className="oj-group-toolbar">
        <Segmented
          aria-label={t('Group_Rank_Type')}
          value={type}
          onChange={(v) => {
            setType(v as 0 | 1);
            setPage(1);
          }}
          options={[
            { value: 0, label: t('Group_Rank_ACM') },
            { value: 1, label: t('Group_Rank_OI') },
          ]}
        />
        <SearchBox
          label={t('Group_Rank_Search')}
          onSearch={(words) => {
            setSearchUser(words);
            setPage(1);
          }}
        />
        <Button
          icon={<DownloadOutlined />}
          loading={downloading}
          onClick={() => {
            setDownloading(true);
            void downloadRank(gid, type)
              .catch(() => undefined)
              .finally(() => setDownloading(false));
          }}
        >
          {t('Group_Rank_Download')}
        </Button>
      </div>
      <Table<GroupRankRow>
        rowKey="uid"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        pagination={serverPaging(currentPage, GROUP_PAGE.rank, list.data?.total, setPage, { showLessItems: true })}
        {...layout}
      />
    </section>
  );
};

export default GroupRankPage;
