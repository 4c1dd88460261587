import type { Group, GroupRole } from '@oj/shared';
import { useOutletContext } from 'react-router';
import type { GroupViewer } from './group-model';

/** What the group shell (group-detail-page.tsx) hands its home and its tabs. */
export interface GroupContext {
  group: Group;
  gid: number;
  role: GroupRole;
  /** The membership level from get-group-auth (0 none). */
  level: number;
  viewer: GroupViewer;
  /** Re-reads the group and the viewer's level (after joining, leaving, a settings change ...). */
  reload: () => void;
}

export const useGroupContext = () => useOutletContext<GroupContext>();
