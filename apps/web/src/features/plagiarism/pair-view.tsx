import type { EditorView } from '@codemirror/view';
import { plagiarism as contract, type PlagiarismPairDetail } from '@oj/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Col, Descriptions, List, Row, Spin, Typography } from 'antd';
import { Suspense, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../components/panel';
import { api } from '../../lib/api';
import { lazyScreen } from '../../lib/lazy-screen';
import { queryKey } from '../../lib/query-keys';
import { loadEditorSettings } from '../problem/editor-storage';
import { DecisionForm, type DecisionScope } from './decision-parts';
import { fragmentMarks, scrollToRange } from './fragment-marks';
import { percent } from './plagiarism-format';
import './plagiarism.css';

// The code view of the submission detail (features/submission/submission-detail-page.tsx), read-only.
const CodeEditor = lazyScreen(() => import('../problem/code-editor'));

const CODE_HEIGHT = 560;

/** One side of the pair: its code with its fragments marked. */
const Side = ({
  side,
  ranges,
  selected,
  onSelect,
  onView,
  label,
}: {
  side: PlagiarismPairDetail['left'];
  ranges: PlagiarismPairDetail['fragments'][number]['left'][];
  selected: number | null;
  onSelect: (i: number) => void;
  onView: (view: EditorView) => void;
  label: string;
}) => {
  const extensions = useMemo(() => [fragmentMarks(ranges, selected, onSelect)], [ranges, selected, onSelect]);
  return (
    <section className="oj-plag-side" aria-label={label}>
      <Typography.Title level={5} className="oj-plag-side-title">
        {label}
      </Typography.Title>
      <Suspense fallback={<Spin />}>
        <CodeEditor
          value={side.code}
          language={side.language}
          settings={loadEditorSettings()}
          readOnly
          label={label}
          height={CODE_HEIGHT}
          extensions={extensions}
          onCreateEditor={onView}
        />
      </Suspense>
    </section>
  );
};

/** Two programs of a pair side by side (stacked on a phone), their matching fragments highlighted and linked: a
 * fragment chosen on one side, in the code or in the list, scrolls both sides to it. */
export const PairView = ({
  scope,
  checkId,
  leftSubmitId,
  rightSubmitId,
  onBack,
}: {
  scope: DecisionScope;
  checkId: number;
  leftSubmitId: number;
  rightSubmitId: number;
  onBack: () => void;
}) => {
  const { t } = useTranslation(['plagiarism']);
  const pair = useQuery({
    queryKey: queryKey(contract.getPair, checkId, leftSubmitId, rightSubmitId),
    queryFn: () => api.call(contract.getPair, { checkId, leftSubmitId, rightSubmitId }, { silent: true }),
    retry: false,
  });
  const [selected, setSelected] = useState<number | null>(null);
  const views = useRef<{ left?: EditorView; right?: EditorView }>({});
  const fragments = pair.data?.fragments ?? [];
  const leftRanges = useMemo(() => fragments.map((f) => f.left), [fragments]);
  const rightRanges = useMemo(() => fragments.map((f) => f.right), [fragments]);
  const select = useMemo(
    () => (i: number) => {
      setSelected(i);
      const f = fragments[i];
      if (!f) return;
      if (views.current.left) scrollToRange(views.current.left, f.left);
      if (views.current.right) scrollToRange(views.current.right, f.right);
    },
    [fragments],
  );
  const back = (
    <Button onClick={onBack} type="link">
      {t('Plag_Back')}
    </Button>
  );
  if (pair.isPending) return <Spin />;
  if (pair.isError || !pair.data) {
    return (
      <Panel title={t('Plag_Title')} extra={back}>
        <Alert type="error" showIcon message={pair.error?.message ?? ''} />
      </Panel>
    );
  }
  const p = pair.data;
  return (
    <div className="oj-plag">
      <Panel title={t('Plag_Pair_Title', { left: p.left.username, right: p.right.username })} extra={back}>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 4 }}
          items={[
            { key: 'p', label: t('Plag_Problem'), children: `${p.displayId} ${p.title}` },
            { key: 's', label: t('Plag_Similarity'), children: percent(p.similarity) },
            { key: 'l', label: t('Plag_Longest_Fragment'), children: p.longestFragment },
            { key: 't', label: t('Plag_Shared_Tokens'), children: p.sharedTokens },
          ]}
        />
        <DecisionForm
          key={`${p.decision}:${p.note}`}
          scope={scope}
          pid={p.pid}
          left={p.left}
          right={p.right}
          decision={p.decision}
          note={p.note}
        />
        <Typography.Paragraph type="secondary">{t('Plag_Fragment_Hint')}</Typography.Paragraph>
        <List
          className="oj-plag-fragments"
          header={t('Plag_Fragments')}
          size="small"
          dataSource={fragments.map((f, i) => ({ f, i }))}
          renderItem={({ f, i }) => (
            <List.Item>
              <Button
                type={selected === i ? 'primary' : 'default'}
                size="small"
                className={`oj-plag-fragment-button oj-fragment-${i % 4}`}
                onClick={() => select(i)}
              >
                {t('Plag_Fragment', { left: f.left.startLine, right: f.right.startLine, tokens: f.tokens })}
              </Button>
            </List.Item>
          )}
        />
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={12}>
            <Side
              side={p.left}
              ranges={leftRanges}
              selected={selected}
              onSelect={select}
              onView={(v) => {
                views.current.left = v;
              }}
              label={t('Plag_Code_Of', { user: p.left.username, id: p.left.submitId })}
            />
          </Col>
          <Col xs={24} lg={12}>
            <Side
              side={p.right}
              ranges={rightRanges}
              selected={selected}
              onSelect={select}
              onView={(v) => {
                views.current.right = v;
              }}
              label={t('Plag_Code_Of', { user: p.right.username, id: p.right.submitId })}
            />
          </Col>
        </Row>
      </Panel>
    </div>
  );
};
