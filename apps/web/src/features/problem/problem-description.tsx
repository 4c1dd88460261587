import { CopyOutlined } from '@ant-design/icons';
import type { Tag as ProblemTag } from '@oj/shared';
import { Button, Descriptions, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MarkdownView } from '../../components/markdown-view';
import { toast } from '../../lib/notify';
import { REMOTE_JUDGE_NAMES, remoteOjOf, sourceUrlOf } from '../remote-judge/remote-judges';
import { DifficultyTag } from './difficulty-tag';
import { parseExamples } from './problem-examples';

/** Copy with a toast, success-type whether the copy worked or failed. */
export const copyText = async (text: string, t: (key: string) => string) => {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(t('Copied_successfully'));
  } catch {
    toast.success(t('Copied_failed'));
  }
};

const Section = ({
  title,
  source,
  markdown,
}: {
  title: string;
  source: string | null | undefined;
  /** Laid out as markdown, or (until the page lets it, see ProblemDescription) the text as written. */
  markdown: boolean;
}) =>
  source?.trim() ? (
    <section aria-label={title} style={{ marginBottom: 16 }}>
      <Typography.Title level={5}>{title}</Typography.Title>
      {markdown ? <MarkdownView source={source} /> : <div style={{ whiteSpace: 'pre-wrap' }}>{source}</div>}
    </section>
  ) : null;

const SampleBlock = ({ title, text }: { title: string; text: string }) => {
  const { t } = useTranslation(['problem', 'remote-judge', 'submission']);
  return (
    <section aria-label={title} style={{ flex: 1, minWidth: 0 }}>
      <Space>
        <strong>{title}</strong>
        <Tooltip title={t('Copy')}>
          <Button
            size="small"
            type="text"
            aria-label={`${t('Copy')} ${title}`}
            icon={<CopyOutlined />}
            onClick={() => copyText(text, t)}
          />
        </Tooltip>
      </Space>
      <pre className="oj-sample">{text}</pre>
    </section>
  );
};

export interface DescriptionData {
  title: string;
  problemId: string;
  author: string;
  difficulty: number;
  description: string;
  input: string;
  output: string;
  examples: string;
  hint: string;
  source: string;
  /** Imported from a remote judge: problemId is "<OJ>-<remoteId>" and source the original page's URL. */
  isRemote?: boolean;
  tags: Pick<ProblemTag, 'id' | 'name' | 'color'>[];
  timeLimit: number;
  memoryLimit: number;
}

/** The description tab: limits, difficulty, author, the statement fields, examples, tags. `renderMarkdown` false shows
 * the statement's text as written (what MarkdownView shows while its renderer arrives) without asking for the
 * renderer yet: the problem page holds it back until the code editor is there (decision 0045). */
export const ProblemDescription = ({
  data,
  limitsNote,
  renderMarkdown = true,
}: {
  data: DescriptionData;
  limitsNote?: string;
  renderMarkdown?: boolean;
}) => {
  const { t } = useTranslation(['problem', 'remote-judge', 'submission']);
  const examples = parseExamples(data.examples);
  const oj = data.isRemote ? remoteOjOf(data.problemId) : null;
  const originalUrl = oj ? sourceUrlOf(data.source) : null;
  const original = oj ? `${REMOTE_JUDGE_NAMES[oj]} ${data.problemId.slice(data.problemId.indexOf('-') + 1)}` : '';
  return (
    <article aria-label={t('Problem_Description')}>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {data.problemId} {data.title}
      </Typography.Title>
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('Time_Limit')}>{data.timeLimit} ms</Descriptions.Item>
        <Descriptions.Item label={t('Memory_Limit')}>{data.memoryLimit} MB</Descriptions.Item>
        <Descriptions.Item label={t('Level')}>
          <DifficultyTag difficulty={data.difficulty} />
        </Descriptions.Item>
        <Descriptions.Item label={t('Problem_Setter')}>{data.author || '—'}</Descriptions.Item>
        {oj && (
          <Descriptions.Item label={t('Remote_Original_Problem')}>
            {originalUrl ? (
              <a href={originalUrl} target="_blank" rel="noopener noreferrer">
                {original}
              </a>
            ) : (
              original
            )}
          </Descriptions.Item>
        )}
      </Descriptions>
      {limitsNote && <Typography.Paragraph type="secondary">{limitsNote}</Typography.Paragraph>}
      {oj && (
        <Typography.Paragraph type="secondary">
          {t('Remote_Judged_On', { name: REMOTE_JUDGE_NAMES[oj] })}
        </Typography.Paragraph>
      )}
      <Section title={t('Description')} source={data.description} markdown={renderMarkdown} />
      <Section title={t('Input')} source={data.input} markdown={renderMarkdown} />
      <Section title={t('Output')} source={data.output} markdown={renderMarkdown} />
      {examples.map((ex, i) => (
        <div key={`${i}-${ex.input.length}`} style={{ display: 'flex', gap: 12, flexWrap: 'wrap', marginBottom: 12 }}>
          <SampleBlock title={`${t('Sample_Input')} ${i + 1}`} text={ex.input} />
          <SampleBlock title={`${t('Sample_Output')} ${i + 1}`} text={ex.output} />
        </div>
      ))}
      <Section title={t('Hint')} source={data.hint} markdown={renderMarkdown} />
      {/* An imported problem's source is its original page, linked above. */}
      {!originalUrl && <Section title={t('Source')} source={data.source} markdown={renderMarkdown} />}
      {data.tags.length > 0 && (
        <section aria-label={t('Tags')}>
          <Typography.Title level={5}>{t('Tags')}</Typography.Title>
          <Space size={[4, 8]} wrap>
            {data.tags.map((tag) => (
              <Tag key={tag.id} color={tag.color ?? undefined}>
                {tag.name}
              </Tag>
            ))}
          </Space>
        </section>
      )}
    </article>
  );
};
