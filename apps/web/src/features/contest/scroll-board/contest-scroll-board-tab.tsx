import { contest as contract } from '@oj/shared';

import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, InputNumber, Modal, Space, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api';
import { toast } from '../../../lib/notify';
import { queryKey } from '../../../lib/query-keys';
import { useContestContext } from '../contest-detail-page';
import { initialMedalCounts, type MedalCounts } from './scroll-board-engine';

const { CONTEST_STATUS } = contract;

/** The ceremony's address: /scrollBoard with cid, removeStar and medals[] gold, silver, bronze. */
export const scrollBoardUrl = (cid: number, removeStar: boolean, m: MedalCounts) =>
  `/scrollBoard?cid=${cid}&removeStar=${removeStar}&medals=${m.gold}&medals=${m.silver}&medals=${m.bronze}`;

/** The scroll-board tab of an ACM contest's admins (the medal ceremony): medal
 * counts (from the contest's award tiers as its board hands them out, else 10/20/30 % of the ranked participants),
 * star removal, and a start that opens the board in a
 * new window, after a confirmation while the contest still runs. */
const ContestScrollBoardTab = () => {
  const { t } = useTranslation('contest');
  const { contest, status } = useContestContext();
  const [modal, modalHolder] = Modal.useModal();
  const [medals, setMedals] = useState<MedalCounts | null>(null);
  const [removeStar, setRemoveStar] = useState(true);

  // The ranked count is the board's total without star users; only `total` is needed.
  const ranked = useQuery({
    queryKey: queryKey(contract.getContestRank, 'scroll-board-count', contest.id),
    queryFn: () => api.call(contract.getContestRank, { cid: contest.id, currentPage: 1, limit: 10, removeStar: true }),
  });
  const total = ranked.data?.total;
  useEffect(() => {
    if (total !== undefined) setMedals((m) => m ?? initialMedalCounts(contest, total));
  }, [total, contest]);

  const counts = medals ?? initialMedalCounts(contest, 0);
  const setCount = (key: keyof MedalCounts) => (v: number | null) =>
    setMedals({ ...counts, [key]: Math.max(0, Math.floor(v ?? 0)) });

  const open = () => {
    const w = window.open(scrollBoardUrl(contest.id, removeStar, counts), '_blank');
    if (!w) toast.error(t('SB_Popup_Blocked'));
  };
  const start = () => {
    if (status === CONTEST_STATUS.ENDED) {
      open();
      return;
    }
    void modal.confirm({
      title: t('SB_Not_Ended_Title'),
      content: t('SB_Not_Ended_Content'),
      okText: t('SB_Confirm'),
      cancelText: t('SB_Cancel'),
      onOk: open,
    });
  };

  const medalFields: [keyof MedalCounts, string][] = [
    ['gold', 'SB_Gold'],
    ['silver', 'SB_Silver'],
    ['bronze', 'SB_Bronze'],
  ];

  return (
    <section aria-label={t('SB_Title')} style={{ maxWidth: 640 }}>
      {modalHolder}
      <Typography.Paragraph>{t('SB_Config_Intro')}</Typography.Paragraph>
      {!contest.sealRank && <Alert type="info" showIcon title={t('SB_No_Seal')} style={{ marginBottom: 16 }} />}
      {total !== undefined && <Typography.Paragraph>{t('SB_Ranked_Count', { count: total })}</Typography.Paragraph>}
      <Form layout="inline" style={{ rowGap: 12 }}>
        {medalFields.map(([key, label]) => (
          <Form.Item key={key} label={t(label)} htmlFor={`scroll-board-${key}`}>
            <InputNumber
              id={`scroll-board-${key}`}
              min={0}
              precision={0}
              value={counts[key]}
              onChange={setCount(key)}
              disabled={ranked.isLoading}
            />
          </Form.Item>
        ))}
      </Form>
      <Space style={{ marginTop: 16 }}>
        <span id="scroll-board-remove-star">{t('SB_Remove_Star')}</span>
        <Switch aria-labelledby="scroll-board-remove-star" checked={removeStar} onChange={setRemoveStar} />
      </Space>
      <div style={{ marginTop: 24 }}>
        <Button type="primary" onClick={start} disabled={ranked.isLoading}>
          {t('SB_Start')}
        </Button>
      </div>
    </section>
  );
};

export default ContestScrollBoardTab;
