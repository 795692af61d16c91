import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { safeLinkUrl } from '../../../../common/src/markdownLinks';
import styles from './Markdown.module.css';

const components: Components = {
  a: ({ href, children }) =>
    href ? (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow">
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
  // Remote images are never loaded: an image becomes a link the user may choose to open.
  img: ({ src, alt }) => {
    const url = typeof src === 'string' ? safeLinkUrl(src) : undefined;
    const label = `Image: ${alt || 'untitled'}`;
    return url ? (
      <a href={url} target="_blank" rel="noopener noreferrer nofollow">
        {label}
      </a>
    ) : (
      <span>{label}</span>
    );
  },
  table: ({ children }) => (
    <div className={styles.tableWrap}>
      <table>{children}</table>
    </div>
  ),
};

/**
 * A reply rendered as GitHub-flavoured Markdown (tables, code). Raw HTML is dropped and links
 * keep only http, https, mailto and tel URLs.
 */
export function Markdown({ text }: { text: string }) {
  return (
    <div className={styles.markdown}>
      <ReactMarkdown
        remarkPlugins={[remarkGfm]}
        skipHtml
        urlTransform={(url) => safeLinkUrl(url) ?? ''}
        components={components}
      >
        {text}
      </ReactMarkdown>
    </div>
  );
}
