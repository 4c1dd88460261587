import { DownloadOutlined } from '@ant-design/icons';
import { type FirstFailure, file as fileContract } from '@oj/shared';
import { Alert, Button, Space } from 'antd';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../components/panel';
import { api } from '../../lib/api';
import { useSession } from '../../lib/auth-store';
import { readableSize } from '../../lib/readable-size';
import { StatusTag } from './status-tag';
import './first-failure.css';

/** A line with its whitespace made visible: a space `·`, a tab `→`, a carriage return `\r` (the fonts lack a CR
 * symbol); `newline` adds `↵`. */
export const VisibleLine = ({ text, newline }: { text: string; newline: boolean }) => {
  const parts: ReactNode[] = [];
  let plain = '';
  const flush = () => {
    if (plain) parts.push(plain);
    plain = '';
  };
  for (const ch of text) {
    const mark = ch === ' ' ? '·' : ch === '\t' ? '→' : ch === '\r' ? '\\r' : undefined;
    if (mark === undefined) {
      plain += ch;
      continue;
    }
    flush();
    // The mark stands for the character; copying the line copies the mark, which is shown, not the original.
    parts.push(
      <span key={parts.length} className={`oj-ws oj-ws--${ch === ' ' ? 'space' : ch === '\t' ? 'tab' : 'cr'}`}>
        {mark}
      </span>,
    );
  }
  flush();
  return (
    <>
      {parts}
      {newline && <span className="oj-ws oj-ws--nl">↵</span>}
    </>
  );
};

/** A text as numbered lines from `from`, each line knowing whether a newline ended it. */
const linesOf = (text: string) => {
  const parts = text.split('\n');
  return parts
    .map((line, i) => ({ line, newline: i < parts.length - 1 }))
    .filter((l, i) => !(i === parts.length - 1 && l.line === '' && parts.length > 1));
};

/** One side of the diff: numbered lines, the ones that differ from the other side marked. */
const Side = ({
  title,
  text,
  from,
  other,
  kind,
}: {
  title: string;
  text: string;
  from: number;
  other: string | null;
  kind: 'expected' | 'output';
}) => {
  const lines = linesOf(text);
  const others = other === null ? null : linesOf(other);
  return (
    <figure className="oj-diff__side" aria-label={title}>
      <figcaption className="oj-diff__title">{title}</figcaption>
      <div className="oj-diff__lines">
        {lines.map((l, i) => {
          const o = others?.[i];
          // A CR before the newline is no difference to the judge; it stays visible.
          const differs =
            others !== null &&
            (o === undefined || o.line.replace(/\r$/, '') !== l.line.replace(/\r$/, '') || o.newline !== l.newline);
          return (
            <Fragment key={i}>
              <span className="oj-diff__no">{from + i}</span>
              <code className={differs ? `oj-diff__line oj-diff__line--${kind}` : 'oj-diff__line'}>
                <VisibleLine text={l.line} newline={l.newline} />
              </code>
            </Fragment>
          );
        })}
      </div>
    </figure>
  );
};

/** The first failing case explained (the detail's `firstFailure`): why, the case's input where it may be shown, and
 * the expected output beside the program's around the first difference, whitespace made visible. */
export const FirstFailurePanel = ({ failure, pid }: { failure: FirstFailure; pid: number }) => {
  const { t } = useTranslation(['submission']);
  const { isAdmin } = useSession();
  const size = (bytes: number | null) => (bytes === null ? '' : ` (${readableSize(bytes)})`);
  return (
    <Panel
      title={
        <Space wrap>
          {t('First_Failure_Title', { seq: failure.seq })}
          <StatusTag status={failure.status} />
        </Space>
      }
      extra={
        failure.input !== null &&
        isAdmin && (
          <Button icon={<DownloadOutlined />} onClick={() => api.download(fileContract.downloadTestcase, { pid })}>
            {t('Download_Test_Data')}
          </Button>
        )
      }
    >
      <Alert type="error" showIcon title={failure.reason} />
      {failure.checkerMessage && (
        <>
          <h3 className="oj-diff__title">{t('Checker_Message')}</h3>
          <pre className="oj-sample">{failure.checkerMessage}</pre>
        </>
      )}
      {failure.input !== null && (
        <>
          <h3 className="oj-diff__title">
            {t('First_Failure_Input')}
            {size(failure.inputBytes)}
          </h3>
          <pre className="oj-sample oj-diff__input">{failure.input}</pre>
        </>
      )}
      <div className={failure.expected === null ? 'oj-diff oj-diff--one' : 'oj-diff'}>
        {failure.expected !== null && (
          <Side
            title={`${t('First_Failure_Expected')}${size(failure.expectedBytes)}`}
            text={failure.expected}
            from={failure.outputFromLine}
            other={failure.output}
            kind="expected"
          />
        )}
        {failure.output !== null && (
          <Side
            title={`${t('First_Failure_Output')}${size(failure.outputBytes)}`}
            text={failure.output}
            from={failure.outputFromLine}
            other={failure.expected}
            kind="output"
          />
        )}
      </div>
      <p className="oj-diff__legend">
        {t('Whitespace_Legend')}
        {failure.truncated && ` ${t('First_Failure_Truncated')}`}
      </p>
    </Panel>
  );
};
