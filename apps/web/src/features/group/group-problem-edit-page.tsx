import { group as groupContract } from '@oj/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageLoading } from '../../components/page-loading';
import { api } from '../../lib/api';
import { queryKey } from '../../lib/query-keys';
import AdminProblemEditPage from '../admin/problem/admin-problem-edit-page';
import { useGroupContext } from './group-context';

/** GroupCreateProblem and GroupEditProblem (/group/:groupID/problem/create, /group/:groupID/problem/edit/:problemId):
 * the admin problem form, saved through the group's calls with the group's id. A new problem starts with the group's
 * first free display id (the short name, then `-2`, `-3` ...: get-free-problem-id), so a second problem saves as
 * offered. */
const GroupProblemEditPage = () => {
  const { t } = useTranslation('group');
  const { gid, group, role } = useGroupContext();
  const creating = useParams().problemId === undefined;
  const admin = groupContract.isGroupAdmin(role);
  const free = useQuery({
    queryKey: queryKey(groupContract.getFreeProblemId, gid),
    queryFn: () => api.call(groupContract.getFreeProblemId, { gid }),
    enabled: admin && creating,
    // Asked afresh each time the form opens: another admin may have taken the id meanwhile.
    gcTime: 0,
    staleTime: 0,
  });
  if (!admin) return <Alert type="warning" showIcon title={t('Group_Problem_Admin_Only')} />;
  // Without an answer (a failed call) the form still opens, with the short name.
  if (creating && free.isPending) return <PageLoading />;
  return <AdminProblemEditPage group={{ gid, shortName: group.shortName, problemId: free.data?.problemId }} />;
};

export default GroupProblemEditPage;
