import { type ReportKind, reportSections, reportTitle } from '#common/reportDetection.js';
import { Markdown } from '../coach/Markdown';
import styles from './Assistant.module.css';

/** A long structured reply as a sectioned report card, titled from the reply. */
export function ReportCard({ text, kind }: { text: string; kind: ReportKind }) {
  const title = reportTitle(text, kind);
  return (
    <article className={styles.report} data-testid="report-card" aria-label={title}>
      <h2 className={styles.reportTitle}>{title}</h2>
      {reportSections(text).map((s) => (
        <section
          key={`${s.heading ?? ''}|${s.body.slice(0, 80)}`}
          className={s.heading ? styles.reportSection : styles.reportIntro}
        >
          {s.heading && <h3 className={styles.sectionHeading}>{s.heading}</h3>}
          {s.body && <Markdown text={s.body} />}
        </section>
      ))}
    </article>
  );
}
