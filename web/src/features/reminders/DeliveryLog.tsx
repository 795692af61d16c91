import { useEffect, useMemo, useRef, useState } from 'react';
import {
  DELIVERY_STATUS_LABELS,
  type Delivery,
  type DeliveryStatus,
  REMINDER_KIND_NAMES,
} from '#common/api/reminders.js';
import { messageOf } from '../../api/client';
import { Button, Card, EmptyState, ErrorState, LoadingState, Pill, type PillTone } from '../../ui';
import { useDeliveries } from './api';
import styles from './Reminders.module.css';

const STATUS_TONES: Record<DeliveryStatus, PillTone> = {
  pending: 'neutral',
  retrying: 'neutral',
  sent: 'success',
  failed: 'danger',
  dropped: 'outline',
};

/** "Mar 2, 9:05 PM" in the user's zone (the machine's when the zone is unknown here). */
function timeFormat(zone: string): Intl.DateTimeFormat {
  const options: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' };
  try {
    return new Intl.DateTimeFormat(undefined, { ...options, timeZone: zone });
  } catch {
    return new Intl.DateTimeFormat(undefined, options);
  }
}

function Row({ d, format }: { d: Delivery; format: Intl.DateTimeFormat }) {
  const at = d.sent_at ?? d.due_at;
  return (
    <tr>
      <td className={styles.time}>
        <time dateTime={at}>{format.format(new Date(at))}</time>
      </td>
      <td>{d.channel_label}</td>
      <td>{REMINDER_KIND_NAMES[d.kind]}</td>
      <td className={styles.wrap}>{d.title}</td>
      <td className={d.error ? styles.wrap : undefined}>
        <Pill tone={STATUS_TONES[d.status]}>{DELIVERY_STATUS_LABELS[d.status]}</Pill>
        {d.error && <p className={styles.cellError}>{d.error}</p>}
      </td>
      <td className={styles.number}>{d.attempts}</td>
    </tr>
  );
}

/** "Delivery log": what was sent, newest first, 50 at a time. */
export function DeliveryLog({ zone }: { zone: string }) {
  const log = useDeliveries();
  const format = useMemo(() => timeFormat(zone), [zone]);
  const endRef = useRef<HTMLParagraphElement>(null);
  // "Show older" was pressed: when it was the last page the button goes, and focus goes to the line that says so.
  const [paged, setPaged] = useState(false);
  const hasMore = !!log.hasNextPage;
  useEffect(() => {
    if (paged && !hasMore) endRef.current?.focus();
  }, [paged, hasMore]);

  let body: React.ReactNode;
  if (log.isPending) body = <LoadingState message="Loading the delivery log…" />;
  // A failed "Show older" keeps the pages already shown (the query is in error then, with its data).
  else if (!log.data)
    body = (
      <ErrorState
        compact
        message={messageOf(log.error, 'The delivery log could not be loaded.')}
        onRetry={() => void log.refetch()}
        retrying={log.isFetching}
      />
    );
  else {
    const rows = log.data.pages.flatMap((p) => p.deliveries);
    body =
      rows.length === 0 ? (
        <EmptyState compact title="Nothing sent yet" message="Send a test to a channel to see it here." />
      ) : (
        <>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the box scrolls sideways on a phone; a keyboard user scrolls it with focus */}
          <section className={styles.tableBox} tabIndex={0} aria-label="Delivery log (scrolls)">
            <table className={styles.table}>
              <caption className="visually-hidden">Reminders sent, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Time</th>
                  <th scope="col">Channel</th>
                  <th scope="col">What</th>
                  <th scope="col">Title</th>
                  <th scope="col">Result</th>
                  <th scope="col" className={styles.number}>
                    Attempts
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((d) => (
                  <Row key={d.id} d={d} format={format} />
                ))}
              </tbody>
            </table>
          </section>
          <div className={styles.logFooter}>
            {hasMore ? (
              <Button
                onClick={() => {
                  setPaged(true);
                  void log.fetchNextPage();
                }}
                loading={log.isFetchingNextPage}
                loadingText="Loading…"
              >
                Show older
              </Button>
            ) : (
              paged && (
                <p ref={endRef} tabIndex={-1} className={`${styles.muted} ${styles.logEnd}`}>
                  That is the whole log.
                </p>
              )
            )}
          </div>
          {log.isFetchNextPageError && (
            <p role="alert" className={styles.errorText}>
              {messageOf(log.error, 'Older entries could not be loaded. Please try again.')}
            </p>
          )}
        </>
      );
  }

  return (
    <Card
      aria-label="Delivery log"
      title="Delivery log"
      description={`What was sent, newest first. Times are in your time zone (${zone}).`}
    >
      {body}
    </Card>
  );
}
