import type { ReactNode } from 'react';
import type { ProblemFormState } from './problem-form-model';

/** A labelled field of the problem form. */
export const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <div style={{ marginBottom: 12 }}>
    <div style={{ marginBottom: 4, fontWeight: 500 }}>{label}</div>
    {children}
  </div>
);

/** What every section of the problem form gets: the form as the page holds it and the page's way to change it. */
export interface ProblemSectionProps {
  form: ProblemFormState;
  set: (patch: Partial<ProblemFormState>) => void;
}
