import type { HTMLAttributes, ReactNode, Ref } from 'react';
import styles from './Card.module.css';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** Heading at the top of the card. */
  title?: ReactNode;
  /** Heading level of the title (default h2). */
  titleAs?: 'h2' | 'h3' | 'h4';
  /** Muted line under the title. */
  description?: ReactNode;
  /** Buttons or links at the right of the header. */
  actions?: ReactNode;
  /** Content under a divider at the bottom (e.g. footer links). */
  footer?: ReactNode;
  padding?: 'none' | 'sm' | 'md';
  /** Render as <section> (default) or <div>/<article>. */
  as?: 'section' | 'div' | 'article';
  ref?: Ref<HTMLElement>;
}

/** A surface that groups related content. */
export function Card({
  title,
  titleAs: Heading = 'h2',
  description,
  actions,
  footer,
  padding = 'md',
  as: Tag = 'section',
  className,
  children,
  ref,
  ...rest
}: CardProps) {
  const hasHeader = title || description || actions;
  return (
    // Any of the three tags is an HTMLElement, which is all the ref is typed to hold.
    <Tag
      {...rest}
      ref={ref as Ref<HTMLDivElement>}
      className={`${styles.card} ${styles[`pad-${padding}`]} ${className ?? ''}`}
    >
      {hasHeader && (
        <header className={styles.header}>
          <div className={styles.heading}>
            {title && <Heading className={styles.title}>{title}</Heading>}
            {description && <p className={styles.description}>{description}</p>}
          </div>
          {actions && <div className={styles.actions}>{actions}</div>}
        </header>
      )}
      {children}
      {footer && <footer className={styles.footer}>{footer}</footer>}
    </Tag>
  );
}
