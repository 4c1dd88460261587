import 'katex/dist/katex.min.css';
import type { ExternalImageMode } from '@oj/shared';
import type { ComponentProps } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import rehypeKatex from 'rehype-katex';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import { useWebsiteConfig } from '../features/site/use-website-config';
import { markdownImage } from './markdown-images';

/** Sanitising runs BEFORE KaTeX: user HTML is cleaned, then KaTeX renders the (now inert) math text into its own
 * trusted markup, which sanitising would otherwise strip. Only the math classes are added to the default schema.
 * KaTeX's fonts come from the imported CSS and ship with the app (no CDN: no request leaves the site).
 * `<source srcset>` is dropped: every image goes through the one rule below (decision 0011). */
const schema = {
  ...defaultSchema,
  attributes: {
    ...defaultSchema.attributes,
    code: [['className', /^language-./, 'math-inline', 'math-display']],
    source: [],
  },
};

type ImageProps = ComponentProps<'img'> & { node?: unknown };

/** Images of other sites load through the site's proxy, or not at all (a link instead), as the admin chose: a
 * reader's browser never contacts another host, so a signature cannot collect the addresses of its readers. */
const imageComponent =
  (mode: ExternalImageMode) =>
  ({ node: _node, src, alt, ...rest }: ImageProps) => {
    const shown = markdownImage(typeof src === 'string' ? src : undefined, mode, window.location.href);
    if (shown.kind === 'image') return <img {...rest} src={shown.src} alt={alt ?? ''} />;
    if (shown.kind === 'link') {
      return (
        <a href={shown.href} title={shown.href} target="_blank" rel="noopener noreferrer nofollow">
          {alt || shown.href}
        </a>
      );
    }
    return alt ? <span>{alt}</span> : null;
  };
const COMPONENTS: Record<ExternalImageMode, Components> = {
  proxy: { img: imageComponent('proxy') },
  block: { img: imageComponent('block') },
};

export const MarkdownContent = ({ source, externalImages }: { source: string; externalImages: ExternalImageMode }) => (
  <div className="oj-markdown">
    <ReactMarkdown
      remarkPlugins={[remarkGfm, remarkMath]}
      rehypePlugins={[[rehypeSanitize, schema], rehypeKatex]}
      components={COMPONENTS[externalImages]}
    >
      {source}
    </ReactMarkdown>
  </div>
);

const MarkdownRenderer = ({ source }: { source: string }) => {
  // Until the site configuration arrives, images of other sites go to the proxy, which obeys the setting too.
  const externalImages = useWebsiteConfig().data?.externalImages ?? 'proxy';
  return <MarkdownContent source={source} externalImages={externalImages} />;
};

export default MarkdownRenderer;
