import { JUDGE_STATUS, type JudgeStatus } from '@oj/shared';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../components/panel';
import { StatusTag } from '../submission/status-tag';
import type aboutTexts from './texts/zh-CN';
import './about.css';

type AboutTextKey = keyof typeof aboutTexts;

/** What each judge status means on this site; the record type makes a new status in @oj/shared a compile error
 * here until it is explained. */
const EXPLANATIONS: Record<JudgeStatus, AboutTextKey> = {
  [JUDGE_STATUS.PENDING]: 'Result_Pending',
  [JUDGE_STATUS.COMPILING]: 'Result_Compiling',
  [JUDGE_STATUS.JUDGING]: 'Result_Judging',
  [JUDGE_STATUS.ACCEPTED]: 'Result_Accepted',
  [JUDGE_STATUS.PARTIAL_ACCEPTED]: 'Result_PartialAccepted',
  [JUDGE_STATUS.WRONG_ANSWER]: 'Result_WrongAnswer',
  [JUDGE_STATUS.PRESENTATION_ERROR]: 'Result_PresentationError',
  [JUDGE_STATUS.TIME_LIMIT_EXCEEDED]: 'Result_TimeLimitExceeded',
  [JUDGE_STATUS.MEMORY_LIMIT_EXCEEDED]: 'Result_MemoryLimitExceeded',
  [JUDGE_STATUS.RUNTIME_ERROR]: 'Result_RuntimeError',
  [JUDGE_STATUS.COMPILE_ERROR]: 'Result_CompileError',
  [JUDGE_STATUS.SYSTEM_ERROR]: 'Result_SystemError',
  [JUDGE_STATUS.CANCELLED]: 'Result_Cancelled',
  [JUDGE_STATUS.SUBMITTING]: 'Result_Submitting',
  [JUDGE_STATUS.SUBMITTED_FAILED]: 'Result_SubmittedFailed',
  [JUDGE_STATUS.SUBMITTED_UNKNOWN_RESULT]: 'Result_SubmittedUnknownResult',
  [JUDGE_STATUS.NOT_SUBMITTED]: 'Result_NotSubmitted',
};

/** The order a submission meets them: in progress, the verdicts, then the states around submitting. */
const ORDER: JudgeStatus[] = [
  JUDGE_STATUS.PENDING,
  JUDGE_STATUS.COMPILING,
  JUDGE_STATUS.JUDGING,
  JUDGE_STATUS.ACCEPTED,
  JUDGE_STATUS.PARTIAL_ACCEPTED,
  JUDGE_STATUS.WRONG_ANSWER,
  JUDGE_STATUS.PRESENTATION_ERROR,
  JUDGE_STATUS.TIME_LIMIT_EXCEEDED,
  JUDGE_STATUS.MEMORY_LIMIT_EXCEEDED,
  JUDGE_STATUS.RUNTIME_ERROR,
  JUDGE_STATUS.COMPILE_ERROR,
  JUDGE_STATUS.SYSTEM_ERROR,
  JUDGE_STATUS.CANCELLED,
  JUDGE_STATUS.SUBMITTING,
  JUDGE_STATUS.SUBMITTED_FAILED,
  JUDGE_STATUS.SUBMITTED_UNKNOWN_RESULT,
  JUDGE_STATUS.NOT_SUBMITTED,
];

/** Spec 2 "Result explanation page": every judge status with the tag the lists show (its colour, the spinner of
 * the in-progress ones) and what it means. */
const ResultExplanationPage = () => {
  const { t } = useTranslation('about');
  // Anything added to JUDGE_STATUS but missing from ORDER still gets its row, at the end.
  const statuses = [...ORDER, ...Object.values(JUDGE_STATUS).filter((s) => !ORDER.includes(s))];
  return (
    <Panel title={t('Result_Explanation')}>
      <p className="oj-about__lead">{t('Result_Explanation_Lead')}</p>
      <dl className="oj-about__results">
        {statuses.map((status) => (
          <div key={status} style={{ display: 'contents' }}>
            <dt>
              <StatusTag status={status} />
            </dt>
            <dd>{t(EXPLANATIONS[status])}</dd>
          </div>
        ))}
      </dl>
    </Panel>
  );
};

export default ResultExplanationPage;
