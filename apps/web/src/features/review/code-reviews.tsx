import type { Extension } from '@codemirror/state';
import { review as contract, type Review, type Submission } from '@oj/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Space, Typography } from 'antd';
import { type ReactNode, useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { useSession } from '../../lib/auth-store';
import { queryKey } from '../../lib/query-keys';
import { createReviewLayer, lineSlot, PANEL_SLOT } from './review-layer';
import {
  type LinePick,
  linesText,
  pickLine,
  rangeOf,
  reviewedLines,
  reviewsByEndLine,
  withoutReview,
  withReply,
  withReview,
} from './review-model';
import { type Drafts, ReviewCard, ReviewComposer } from './review-thread';

type ReviewList = { reviews: Review[]; canReview: boolean; canReply: boolean };

const NONE: Extension[] = [];

/**
 * Teachers' reviews in a submission's code view (decision 0053): the page hands `extensions` to its read-only code
 * editor and renders `layer` anywhere (its parts are drawn into the editor through portals). The owner and the
 * reviewers see the reviews under their lines, answer them, and a reviewer picks lines (a line number or the "+"
 * beside it; shift-click for a range) to write a new one. Others get nothing: no extension, no layer.
 */
export const useCodeReviews = (s: Submission | undefined): { extensions: Extension[]; layer: ReactNode } => {
  const { isAuthenticated, user } = useSession();
  const queryClient = useQueryClient();
  const submitId = s?.submitId;
  const key = queryKey(contract.getReviews, submitId, user?.uid ?? null);
  const list = useQuery({
    queryKey: key,
    // Anyone else who may see the code is refused (403): that answer means "no reviews here", not an error to show.
    queryFn: () => api.call(contract.getReviews, { submitId: submitId as number }, { silent: true }),
    enabled: isAuthenticated && submitId !== undefined && s?.code != null,
    retry: false,
    staleTime: 30_000,
  });
  const { t, ready } = useTranslation('review', { useSuspense: false });
  const [layer] = useState(createReviewLayer);
  const [drafts] = useState<Drafts>(() => new Map());
  const [pick, setPick] = useState<LinePick | null>(null);
  const slots = useSyncExternalStore(layer.slots.subscribe, layer.slots.getSnapshot);

  const data = list.data;
  const reviews = data?.reviews;
  const canReview = !!data?.canReview;
  const active = ready && !!data && (canReview || data.reviews.length > 0);
  const picked = pick && canReview ? rangeOf(pick) : null;

  layer.handlers.onPick = (line, extend) => setPick((p) => pickLine(p, line, extend));
  layer.handlers.pickLabel = (line) => t('Review_Add_On', { line });

  useEffect(() => {
    if (!active || !reviews) return;
    const slotLines = [...reviewsByEndLine(reviews).keys()];
    if (picked) slotLines.push(picked.to);
    layer.show({ slotLines, reviewed: reviewedLines(reviews), picked, canReview });
  }, [layer, active, reviews, picked?.from, picked?.to, canReview]);

  const update = useCallback(
    (change: (r: Review[]) => Review[]) =>
      queryClient.setQueryData<ReviewList>(key, (old) => (old ? { ...old, reviews: change(old.reviews) } : old)),
    [queryClient, key],
  );
  const measure = useCallback(() => layer.measure(), [layer]);

  const extensions = useMemo(() => (active ? layer.extensions : NONE), [active, layer]);
  if (!active || !data || submitId === undefined) return { extensions, layer: null };

  const byLine = reviewsByEndLine(data.reviews);
  const portals: ReactNode[] = [];
  const panel = slots.get(PANEL_SLOT);
  if (panel) {
    portals.push(
      createPortal(
        <Space wrap size={8} className="oj-review-panel__body">
          <Typography.Text type="secondary">
            {canReview ? t('Review_Hint') : t('Review_Count', { count: data.reviews.length })}
          </Typography.Text>
          {picked && (
            <>
              <Typography.Text strong>
                {t('Review_Picked', { lines: linesText(t, picked.from, picked.to) })}
              </Typography.Text>
              <Button size="small" onClick={() => setPick(null)}>
                {t('Review_Clear_Pick')}
              </Button>
            </>
          )}
        </Space>,
        panel,
        PANEL_SLOT,
      ),
    );
  }
  for (const [slotKey, el] of slots) {
    if (slotKey === PANEL_SLOT) continue;
    const line = Number(slotKey.slice('line-'.length));
    const here = byLine.get(line) ?? [];
    const composer = picked && picked.to === line;
    if (!here.length && !composer) continue;
    portals.push(
      createPortal(
        <div className="oj-review-stack">
          {here.map((r) => (
            <ReviewCard
              key={r.id}
              review={r}
              canReply={data.canReply}
              drafts={drafts}
              onChanged={(x) => update((all) => withReview(all, x))}
              onRemoved={(id) => update((all) => withoutReview(all, id))}
              onReplied={(x) => update((all) => withReply(all, x))}
              onResize={measure}
            />
          ))}
          {composer && (
            <ReviewComposer
              submitId={submitId}
              from={picked.from}
              to={picked.to}
              drafts={drafts}
              onAdded={(x) => {
                update((all) => withReview(all, x));
                setPick(null);
              }}
              onCancel={() => setPick(null)}
              onResize={measure}
            />
          )}
        </div>,
        el,
        lineSlot(line),
      ),
    );
  }
  return { extensions, layer: portals };
};
