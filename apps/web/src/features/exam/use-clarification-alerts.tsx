import type { Clarification } from '@oj/shared';
import { useQueryClient } from '@tanstack/react-query';
import { notification } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLiveEvent } from '../../lib/live-events';
import { readAgain } from '../../lib/read-again';
import { clarificationsKey, fetchClarifications } from './clarification-api';
import { takeOwnChange } from './own-changes';

const excerpt = (text: string, max = 200) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** What the notification says of a clarification: the question (or the broadcast) and its answer. */
const description = (c: Clarification) => (
  <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
    {c.displayId ? `${c.displayId}: ` : ''}
    {excerpt(c.content)}
    {c.answer && !c.broadcast ? `\n→ ${excerpt(c.answer)}` : ''}
  </div>
);

/** The contest shell's notice of a clarification for the viewer (decision 0055): the server sends the stream's
 * `clarification` event only to those who may now see it (the contest's admins when a question is asked, the asker
 * when it is answered to him, everyone when answered to all or broadcast). The lists are read again and the
 * notification shows what arrived; the tab's own changes are not announced back. Returns the notifications' holder
 * (the shell renders it, so they stay while the viewer moves between the contest's tabs). */
export const useClarificationAlerts = (cid: number, enabled: boolean) => {
  const { t } = useTranslation('contest');
  const queryClient = useQueryClient();
  const [notifier, holder] = notification.useNotification();
  useLiveEvent('clarification', (e) => {
    if (!enabled || e.cid !== cid) return;
    void readAgain(queryClient, clarificationsKey(cid));
    if (e.id !== undefined && takeOwnChange(e.id)) return;
    void fetchClarifications(cid, 1).then(
      (page) => {
        const c = page.records.find((r) => r.id === e.id);
        const question = !!c && !c.answer && !c.broadcast;
        notifier.info({
          key: `clarification-${e.id ?? 'new'}`,
          title: t(question ? 'Clar_New_Question' : 'Clar_New'),
          description: c ? description(c) : undefined,
          duration: 0,
        });
      },
      () => undefined,
    );
  });
  return holder;
};
