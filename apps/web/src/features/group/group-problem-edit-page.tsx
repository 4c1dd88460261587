import { group as groupContract } from '@oj/shared';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import AdminProblemEditPage from '../admin/problem/admin-problem-edit-page';
import { useGroupContext } from './group-context';

/** GroupCreateProblem and GroupEditProblem (/group/:groupID/problem/create, /group/:groupID/problem/edit/:problemId):
 * the admin problem form, saved through the group's calls with the group's id. */
const GroupProblemEditPage = () => {
  const { t } = useTranslation('group');
  const { gid, group, role } = useGroupContext();
  if (!groupContract.isGroupAdmin(role)) return <Alert type="warning" showIcon title={t('Group_Problem_Admin_Only')} />;
  return <AdminProblemEditPage group={{ gid, shortName: group.shortName }} />;
};

export default GroupProblemEditPage;
