import { Suspense } from 'react';
import { lazyScreen } from '../lib/lazy-screen';

// react-markdown, its plugins and KaTeX are a large chunk: fetched the first time any markdown is shown.
const MarkdownRenderer = lazyScreen(() => import('./markdown-renderer'));

/** Markdown with math, sanitised; shows the raw text while the renderer arrives. */
export const MarkdownView = ({ source }: { source: string | null | undefined }) => (
  <Suspense fallback={<div style={{ whiteSpace: 'pre-wrap' }}>{source}</div>}>
    <MarkdownRenderer source={source ?? ''} />
  </Suspense>
);
