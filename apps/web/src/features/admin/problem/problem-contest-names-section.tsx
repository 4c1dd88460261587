import { Col, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { Field } from './problem-form-field';

/** The id and title a problem written inside a contest gets in that contest. */
export interface ContestNames {
  displayId: string;
  displayTitle: string;
}

/** The contest's display id and title of a problem being written inside a contest. */
export const ProblemContestNamesSection = ({
  names,
  onChange,
}: {
  names: ContestNames;
  onChange: (names: ContestNames) => void;
}) => {
  const { t } = useTranslation(['admin', 'contest']);
  return (
    <Row gutter={16}>
      <Col xs={24} md={8}>
        <Field label={t('Contest_Display_ID')}>
          <Input
            aria-label={t('Contest_Display_ID')}
            maxLength={20}
            value={names.displayId}
            onChange={(e) => onChange({ ...names, displayId: e.target.value })}
          />
        </Field>
      </Col>
      <Col xs={24} md={16}>
        <Field label={t('Contest_Display_Title')}>
          <Input
            aria-label={t('Contest_Display_Title')}
            maxLength={255}
            value={names.displayTitle}
            onChange={(e) => onChange({ ...names, displayTitle: e.target.value })}
          />
        </Field>
      </Col>
    </Row>
  );
};
