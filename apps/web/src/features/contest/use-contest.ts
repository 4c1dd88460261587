import type { Contest } from '@oj/shared';
import { contest as contract } from '@oj/shared';

import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api';
import { useSession } from '../../lib/auth-store';
import { queryKey } from '../../lib/query-keys';
import { readJson, writeStorage } from '../../lib/storage';
import { statusAt } from './contest-time';

const { CONTEST_STATUS } = contract;

/** The contest clock ticks from the server's time, not the browser's: `now` came with the contest, the offset
 * to the local clock is kept and the clock runs every second until the contest ends. */
export const useContestClock = (c: Contest | undefined) => {
  const [offset, setOffset] = useState(0);
  const [nowMs, setNowMs] = useState(() => Date.now());
  useEffect(() => {
    if (c) setOffset(Date.parse(c.now) - Date.now());
  }, [c]);
  const serverNow = nowMs + offset;
  const ended = !!c && statusAt(c, serverNow) === CONTEST_STATUS.ENDED;
  useEffect(() => {
    if (!c || ended) return;
    const timer = setInterval(() => setNowMs(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [c, ended]);
  return { nowMs: serverNow, status: c ? statusAt(c, serverNow) : null };
};

export const useContestInfo = (cid: number) =>
  useQuery({
    queryKey: queryKey(contract.getContestInfo, cid),
    queryFn: () => api.call(contract.getContestInfo, { cid }),
    enabled: Number.isInteger(cid) && cid > 0,
    retry: false,
  });

/** Contest admin on the client: the author or the super admin (group admins come with groups). The server
 * decides for real; this only chooses which controls to show. */
export const useIsContestAdmin = (c: Pick<Contest, 'author'> | undefined) => {
  const { user, isSuperAdmin } = useSession();
  return !!c && (isSuperAdmin || (!!user && user.username === c.author));
};

/** Locally kept id lists per contest (read announcements, followed users). */
export const readIdList = <T>(key: string): T[] => {
  const v = readJson<T[]>(key);
  return Array.isArray(v) ? v : [];
};
export const writeIdList = <T>(key: string, list: T[]) => writeStorage(key, JSON.stringify(list));

export const readAnnouncementsKey = (cid: number) => `contest-read-announcements-${cid}`;
export const concernedUsersKey = (cid: number) => `contest-concerned-users-${cid}`;
