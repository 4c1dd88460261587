import type { Submission } from '@oj/shared';
import { submission as contract } from '@oj/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../lib/api';
import { useSession } from '../../lib/auth-store';
import { useLiveEvent, useLiveOpen, useLiveUp } from '../../lib/live-events';
import { isInProgress } from './judge-status';
import { keepPolling, nextWatchList, SUBMISSION_POLL_MS } from './submission-polling';

/** Keeps a list's in-progress rows fresh: every 2 s the watched ids are checked;
 * rows that settle leave the watch list; polling stops when none are left, after 300 polls, or on an error.
 * `track` puts a row back (rejudge, resubmit, manual judge). While the live stream is open the viewer's own rows
 * are told by it (decision 0034) and only others' rows (an admin's list) are polled. */
export const useSubmissionWatch = (rows: Submission[], cid?: number) => {
  const [fresh, setFresh] = useState<Record<number, Submission>>({});
  const state = useRef({ watch: [] as number[], polls: 0, failed: false });
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const live = useLiveUp();
  const me = useSession().user?.uid;
  // What the poll asks for: every watched row, or while the stream is open the rows that are not the viewer's.
  const polled = useRef<(watch: number[]) => number[]>((w) => w);
  const owners = new Map(rows.map((r) => [r.submitId, r.uid]));
  polled.current = (watch) => (live ? watch.filter((id) => owners.get(id) !== me) : watch);

  useLiveEvent('submission', (e) => {
    if (!owners.has(e.submitId)) return;
    setFresh((prev) => ({ ...prev, [e.submitId]: { ...prev[e.submitId], ...e.submission } }));
    if (!isInProgress(e.status)) state.current.watch = state.current.watch.filter((id) => id !== e.submitId);
  });

  const stop = useCallback(() => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
  }, []);

  const tick = useCallback(
    async (everyRow = false) => {
      const s = state.current;
      if (!keepPolling(s)) return stop();
      const submitIds = everyRow ? s.watch : polled.current(s.watch);
      if (!submitIds.length) return;
      s.polls += 1;
      try {
        const latest = await api.call(contract.checkSubmissionsStatus, { submitIds, cid }, { silent: true });
        setFresh((prev) => {
          const next = { ...prev };
          for (const row of Object.values(latest)) next[row.submitId] = { ...prev[row.submitId], ...row };
          return next;
        });
        s.watch = s.watch.filter((id) => !submitIds.includes(id) || nextWatchList([id], latest).length > 0);
      } catch {
        s.failed = true;
      }
      if (!keepPolling(s)) stop();
    },
    [cid, stop],
  );

  // The stream (re)opened: the viewer's rows are read once, as a verdict stored before it opened is not told by it.
  useLiveOpen(() => void tick(true));

  const start = useCallback(() => {
    if (!timer.current && keepPolling(state.current))
      timer.current = setInterval(() => void tick(), SUBMISSION_POLL_MS);
  }, [tick]);

  const ids = rows.map((r) => `${r.submitId}:${r.status}`).join(',');
  // A new page of rows (or a row whose status changed on refetch) restarts the watch.
  useEffect(() => {
    setFresh({});
    state.current = {
      watch: rows.filter((r) => isInProgress(r.status)).map((r) => r.submitId),
      polls: 0,
      failed: false,
    };
    stop();
    start();
    return stop;
  }, [ids, start, stop]);

  const track = useCallback(
    (row: Submission) => {
      setFresh((prev) => ({ ...prev, [row.submitId]: row }));
      const s = state.current;
      if (isInProgress(row.status) && !s.watch.includes(row.submitId)) s.watch = [...s.watch, row.submitId];
      s.failed = false;
      s.polls = 0;
      start();
    },
    [start],
  );

  return { rows: rows.map((r) => fresh[r.submitId] ?? r), track };
};
