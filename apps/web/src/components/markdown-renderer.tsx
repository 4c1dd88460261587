import 'katex/dist/katex.min.css';
import ReactMarkdown from 'react-markdown';
import rehypeKatex from 'rehype-katex';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';

/** Sanitising runs BEFORE KaTeX: user HTML is cleaned, then KaTeX renders the (now inert) math text into its own
 * trusted markup, which sanitising would otherwise strip. Only the math classes are added to the default schema.
 * KaTeX's fonts come from the imported CSS and ship with the app (no CDN, DESIGN §7). */
const schema = {
  ...defaultSchema,
  attributes: {
    ...defaultSchema.attributes,
    code: [['className', /^language-./, 'math-inline', 'math-display']],
  },
};

const MarkdownRenderer = ({ source }: { source: string }) => (
  <div className="oj-markdown">
    <ReactMarkdown remarkPlugins={[remarkGfm, remarkMath]} rehypePlugins={[[rehypeSanitize, schema], rehypeKatex]}>
      {source}
    </ReactMarkdown>
  </div>
);

export default MarkdownRenderer;
