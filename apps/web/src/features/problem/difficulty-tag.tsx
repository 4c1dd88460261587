import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Difficulty 0 Easy, 1 Mid, 2 Hard. */
export const DIFFICULTY = [
  { key: 'Easy', color: 'green' },
  { key: 'Mid', color: 'gold' },
  { key: 'Hard', color: 'red' },
] as const;

export const DifficultyTag = ({ difficulty }: { difficulty: number }) => {
  // The level names are the problem texts' (features/problem/texts), wherever the tag shows.
  const { t } = useTranslation('problem');
  const d = DIFFICULTY[difficulty];
  return d ? <Tag color={d.color}>{t(d.key)}</Tag> : null;
};
