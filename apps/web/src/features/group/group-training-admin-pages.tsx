import { group as groupContract } from '@oj/shared';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import AdminTrainingEditPage from '../admin/training/admin-training-edit-page';
import AdminTrainingProblemPage from '../admin/training/admin-training-problem-page';
import { useGroupContext } from './group-context';

const AdminOnly = () => {
  const { t } = useTranslation('group');
  return <Alert type="warning" showIcon title={t('Group_Training_Admin_Only')} />;
};

/** GroupCreateTraining and GroupEditTraining (/group/:groupID/training/create,
 * /group/:groupID/training/edit/:trainingId): the training admin's form, saved through the group's calls with the
 * group's id. */
export const GroupEditTraining = () => {
  const { gid, role } = useGroupContext();
  if (!groupContract.isGroupAdmin(role)) return <AdminOnly />;
  return <AdminTrainingEditPage group={{ gid }} />;
};

/** A group training's problems (/group/:groupID/training/edit/:trainingId/problems): the training
 * admin's problem page with the group's calls and the add-from-group dialog. */
export const GroupTrainingProblemAdmin = () => {
  const { gid, role } = useGroupContext();
  if (!groupContract.isGroupAdmin(role)) return <AdminOnly />;
  return <AdminTrainingProblemPage group={{ gid }} />;
};
