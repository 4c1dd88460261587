import { Spin, Tabs } from 'antd';
import { type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyScreen } from '../../lib/lazy-screen';
import { type DescriptionData, ProblemDescription } from './problem-description';
import type { ProblemPlace } from './problem-place';

// The submissions tab's table and the annex's list: fetched when the tab is first opened.
const MySubmissions = lazyScreen(() => import('./problem-submissions').then((m) => ({ default: m.MySubmissions })));
const Annex = lazyScreen(() => import('./problem-submissions').then((m) => ({ default: m.Annex })));

const tabPart = (part: ReactNode) => (
  <Suspense fallback={<Spin style={{ display: 'block', padding: 24 }} />}>{part}</Suspense>
);

/** The statement's side of the problem page (its own chunk, problem-parts.ts): the statement, the caller's
 * submissions of the problem and the problem's annex, in tabs. */
export const ProblemSide = ({
  description,
  limitsNote,
  renderMarkdown,
  place,
  bankProblemId,
  annex,
}: {
  description: DescriptionData | null;
  limitsNote?: string;
  renderMarkdown: boolean;
  place: ProblemPlace;
  bankProblemId: string;
  annex: string[];
}) => {
  const { t } = useTranslation(['problem', 'submission']);
  return (
    <Tabs
      items={[
        {
          key: 'description',
          label: t('Problem_Description'),
          children: description && (
            <ProblemDescription data={description} limitsNote={limitsNote} renderMarkdown={renderMarkdown} />
          ),
        },
        {
          key: 'mine',
          label: t('My_Submission'),
          children: tabPart(<MySubmissions problemId={bankProblemId} place={place} />),
        },
        ...(annex.length
          ? [
              {
                key: 'annex',
                label: t('Problem_Annex'),
                children: tabPart(<Annex problemId={bankProblemId} names={annex} />),
              },
            ]
          : []),
      ]}
    />
  );
};
