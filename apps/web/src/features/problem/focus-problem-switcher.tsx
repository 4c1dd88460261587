import { problem as contract } from '@oj/shared';
import { useQuery } from '@tanstack/react-query';
import { Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api';
import { queryKey } from '../../lib/query-keys';
import { MyStatusIcon } from './problem-list-page';
import { trainingProblemPaths } from './problem-place';

/** The focus-mode problem switcher of a training: the training's problems with
 * the caller's status; choosing one stays in focus mode (inside the training's group when it has one). */
export const FocusProblemSwitcher = ({ tid, gid, current }: { tid: number; gid?: number | null; current: string }) => {
  const { t } = useTranslation('problem');
  const navigate = useNavigate();
  const list = useQuery({
    queryKey: queryKey(contract.getFullScreenProblemList, 'training', tid),
    queryFn: () => api.call(contract.getFullScreenProblemList, { tid }),
  });
  return (
    <Select
      aria-label={t('Problem_List')}
      value={current}
      loading={list.isLoading}
      style={{ width: 260, maxWidth: '100%' }}
      popupMatchSelectWidth={false}
      showSearch
      optionFilterProp="title"
      onChange={(displayId: string) => navigate(trainingProblemPaths(tid, displayId, gid).focus)}
      options={(list.data ?? []).map((p) => ({
        value: p.problemId,
        title: `${p.problemId} ${p.title}`,
        label: (
          <Space size={6}>
            <MyStatusIcon status={p.status} />
            <span>
              {p.problemId}. {p.title}
            </span>
          </Space>
        ),
      }))}
    />
  );
};
