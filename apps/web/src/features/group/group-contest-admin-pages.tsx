import { group as groupContract } from '@oj/shared';
import { Alert } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import AdminContestAnnouncementPage from '../admin/contest/admin-contest-announcement-page';
import AdminContestEditPage from '../admin/contest/admin-contest-edit-page';
import AdminContestProblemPage from '../admin/contest/admin-contest-problem-page';
import { useGroupContext } from './group-context';

/** The group admins' contest pages are the admin contest pages with the group's id; others get a notice (the server
 * decides for real, also which admin manages which contest). */
const GroupAdminOnly = ({ children }: { children: (gid: number) => ReactNode }) => {
  const { t } = useTranslation('group');
  const { gid, role } = useGroupContext();
  if (!groupContract.isGroupAdmin(role)) return <Alert type="warning" showIcon title={t('Group_Contest_Admin_Only')} />;
  return <>{children(gid)}</>;
};

/** GroupCreateContest and GroupEditContest (/group/:groupID/contest/create, /group/:groupID/contest/:contestId/edit). */
export const GroupContestEditPage = () => (
  <GroupAdminOnly>{(gid) => <AdminContestEditPage group={{ gid }} />}</GroupAdminOnly>
);

/** GroupContestProblemList (/group/:groupID/contest/:contestId/problems). */
export const GroupContestProblemPage = () => (
  <GroupAdminOnly>{(gid) => <AdminContestProblemPage group={{ gid }} />}</GroupAdminOnly>
);

/** GroupContestAnnouncementList (/group/:groupID/contest/:contestId/announcement). */
export const GroupContestAnnouncementPage = () => (
  <GroupAdminOnly>{(gid) => <AdminContestAnnouncementPage group={{ gid }} />}</GroupAdminOnly>
);
