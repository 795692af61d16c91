import type { ReactNode } from 'react';
import { atxHeading } from '#common/markdownHeading.js';
import styles from './Notes.module.css';

/**
 * Note text shown as a page: '#' lines become headings and dash lines list items; everything
 * else stays as written. Rendered as React elements, so no text is ever read as HTML.
 */
export function NoteText({ text }: { text: string }) {
  const blocks: ReactNode[] = [];
  let items: string[] = [];
  let para: string[] = [];
  const flush = () => {
    if (items.length) {
      blocks.push(
        <ul key={blocks.length}>
          {items.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines of a static text
            <li key={i}>{item}</li>
          ))}
        </ul>,
      );
      items = [];
    }
    if (para.length) {
      blocks.push(<p key={blocks.length}>{para.join('\n')}</p>);
      para = [];
    }
  };
  for (const line of text.split(/\r?\n/)) {
    // Read as the daily note's parser reads headings: a closing run of #s is not shown.
    const heading = atxHeading(line.trim());
    if (heading) {
      flush();
      const Tag = heading.level <= 2 ? 'h3' : 'h4';
      blocks.push(<Tag key={blocks.length}>{heading.title}</Tag>);
      continue;
    }
    const bullet = /^\s*[-*]\s+(.*)$/s.exec(line);
    if (bullet) {
      if (para.length) flush();
      if (bullet[1]?.trim()) items.push(bullet[1]);
      continue;
    }
    if (!line.trim()) {
      flush();
      continue;
    }
    if (items.length) flush();
    para.push(line);
  }
  flush();
  return <div className={styles.noteText}>{blocks}</div>;
}
