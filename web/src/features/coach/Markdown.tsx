import { createContext, useContext } from 'react';
import ReactMarkdown, { type Components, type ExtraProps } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { safeLinkUrl } from '#common/markdownLinks.js';
import styles from './Markdown.module.css';

type HastNode = NonNullable<ExtraProps['node']>['children'][number];

/** The words of a task item, without its checkbox or its nested lists: the checkbox's name. */
function itemText(nodes: readonly HastNode[]): string {
  let out = '';
  for (const n of nodes) {
    if (n.type === 'text') out += n.value;
    else if (n.type === 'element' && n.tagName !== 'ul' && n.tagName !== 'ol' && n.tagName !== 'input')
      out += itemText(n.children);
  }
  return out;
}

/** The text of the task item being rendered, for its checkbox's accessible name. */
const TaskItemText = createContext<string | undefined>(undefined);

function TaskCheckbox(props: React.ComponentProps<'input'> & ExtraProps) {
  const { node: _node, ...rest } = props;
  const label = useContext(TaskItemText);
  return <input {...rest} aria-label={label?.trim() || 'Task'} />;
}

const components: Components = {
  // A task list's checkbox (`- [ ] …`) is named by its item's words.
  li: ({ node, children, ...rest }) =>
    rest.className?.includes('task-list-item') ? (
      <li {...rest}>
        <TaskItemText.Provider value={itemText(node?.children ?? [])}>{children}</TaskItemText.Provider>
      </li>
    ) : (
      <li {...rest}>{children}</li>
    ),
  input: TaskCheckbox,
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
