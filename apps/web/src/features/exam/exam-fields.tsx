import { type ExamSessionPolicy, exam } from '@oj/shared';
import { Form, Input, Radio, Switch } from 'antd';
import { useTranslation } from 'react-i18next';

/** The exam fields of the contest form (decision 0055), as the form holds them: the addresses as the textarea's
 * text, one range per line. */
export interface ExamFieldValues {
  examMode: boolean;
  examSessionPolicy: ExamSessionPolicy;
  allowedAddresses: string;
}

export const DEFAULT_EXAM_FIELDS: ExamFieldValues = {
  examMode: false,
  examSessionPolicy: 'replace',
  allowedAddresses: '',
};

/** The longest range the contract takes (contract/admin-contest.ts). */
const ADDRESS_MAX = 64;

/** The ranges of the textarea: one a line (spaces and commas separate too), empty entries and repeats dropped. */
export const addressesOf = (text: string | undefined): string[] => [
  ...new Set((text ?? '').split(/[\s,]+/).filter((x) => x)),
];

/** The form's values of a stored contest (a contest from before exams: exam mode off). */
export const examFieldsOf = (c: {
  examMode?: boolean;
  examSessionPolicy?: ExamSessionPolicy;
  allowedAddresses?: string[];
}): ExamFieldValues => ({
  examMode: !!c.examMode,
  examSessionPolicy: c.examSessionPolicy ?? 'replace',
  allowedAddresses: (c.allowedAddresses ?? []).join('\n'),
});

/** What the form sends. Turned off, the policy and addresses are kept as they are (they apply only in exam mode). */
export const examFieldsToSend = (v: Partial<ExamFieldValues>) => ({
  examMode: !!v.examMode,
  examSessionPolicy: v.examSessionPolicy ?? 'replace',
  allowedAddresses: addressesOf(v.allowedAddresses),
});

/** What is wrong with the addresses' text, as a text key with its values, or null. Whether each is a real range is
 * the server's to say (400 examAddressInvalid, shown with the address). */
export const addressesError = (text: string | undefined): { key: string; max: number } | null => {
  const list = addressesOf(text);
  if (list.length > exam.EXAM.maxAddressRanges)
    return { key: 'Exam_Addresses_Too_Many', max: exam.EXAM.maxAddressRanges };
  if (list.some((a) => a.length > ADDRESS_MAX)) return { key: 'Exam_Addresses_Too_Long', max: ADDRESS_MAX };
  return null;
};

/** The exam switch of the contest form, with the session policy and the allowed addresses once it is on. The
 * enclosing form (admin-contest-edit-page.tsx, also the group's contest form) names the `exam` namespace. */
export const ExamFields = () => {
  const { t } = useTranslation(['exam', 'contest']);
  const on = Form.useWatch<boolean | undefined>('examMode');
  return (
    <div className="oj-exam-fields">
      <Form.Item name="examMode" label={t('Exam_Mode')} valuePropName="checked" extra={t('Exam_Mode_Tip')}>
        <Switch aria-label={t('Exam_Mode')} />
      </Form.Item>
      {on && (
        <>
          <Form.Item name="examSessionPolicy" label={t('Exam_Session_Policy')}>
            <Radio.Group
              aria-label={t('Exam_Session_Policy')}
              options={exam.EXAM_SESSION_POLICIES.map((p) => ({
                value: p,
                label: t(p === 'replace' ? 'Exam_Policy_Replace' : 'Exam_Policy_Refuse'),
              }))}
            />
          </Form.Item>
          <Form.Item
            name="allowedAddresses"
            label={t('Exam_Allowed_Addresses')}
            extra={t('Exam_Allowed_Addresses_Tip')}
            rules={[
              {
                validator: async (_, text: string | undefined) => {
                  const error = addressesError(text);
                  if (error) throw new Error(t(error.key, { max: error.max }));
                },
              },
            ]}
          >
            <Input.TextArea
              aria-label={t('Exam_Allowed_Addresses')}
              autoSize={{ minRows: 2, maxRows: 10 }}
              placeholder={'10.0.0.0/24\n192.168.1.7'}
              spellCheck={false}
              style={{ fontFamily: 'monospace' }}
            />
          </Form.Item>
        </>
      )}
    </div>
  );
};
