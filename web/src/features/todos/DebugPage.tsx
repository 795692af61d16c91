import { useState } from 'react';
import { healthResponse } from '#common/api/auth.js';
import { get, messageOf } from '../../api/client';
import { Button, Card } from '../../ui';
import styles from './Todos.module.css';

type Result = { ok: boolean; detail: string } | null;

async function check(run: () => Promise<string>): Promise<Result> {
  try {
    return { ok: true, detail: await run() };
  } catch (e) {
    return { ok: false, detail: messageOf(e, e instanceof Error ? e.message : 'Request failed') };
  }
}

/** /todos/debug: checks that the server answers and that the journal call works. */
export function TodosDebugPage() {
  const [health, setHealth] = useState<Result>(null);
  const [journal, setJournal] = useState<Result>(null);
  const [running, setRunning] = useState(false);

  const run = async () => {
    setRunning(true);
    setHealth(
      await check(async () => {
        const h = await get('/health', { schema: healthResponse });
        return `status ${h.status}, ${h.database}, version ${h.version}`;
      }),
    );
    setJournal(
      await check(async () => {
        const entries = await get<unknown[]>('/personal-journal', { query: { limit: 5 } });
        return `${entries.length} recent journal entr${entries.length === 1 ? 'y' : 'ies'} returned`;
      }),
    );
    setRunning(false);
  };

  return (
    <Card title="Connection check" description="Tests the health call and the journal call.">
      <dl className={styles.debugList}>
        <DebugRow label="Health (GET /api/health)" result={health} />
        <DebugRow label="Journal (GET /api/personal-journal)" result={journal} />
      </dl>
      <Button variant="primary" onClick={run} loading={running} loadingText="Testing...">
        Run checks
      </Button>
    </Card>
  );
}

function DebugRow({ label, result }: { label: string; result: Result }) {
  return (
    <div className={styles.debugRow}>
      <dt>{label}</dt>
      <dd data-ok={result ? String(result.ok) : undefined}>
        {result ? `${result.ok ? 'OK' : 'Failed'}: ${result.detail}` : 'Not run yet'}
      </dd>
    </div>
  );
}
