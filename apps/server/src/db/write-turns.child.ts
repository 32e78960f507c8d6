/**
 * A server process in miniature for write-turns.test.ts: opens the database file it is given and,
 * on each message, runs one write transaction (holding it `holdMs`) or one write outside a
 * transaction, reporting to the test process what happened and when.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { createDatabase } from './database.ts';

interface Order {
  label: string;
  holdMs?: number;
  /** A write outside a transaction. */
  single?: boolean;
}

const file = process.argv[2] as string;
const { db } = createDatabase({ dataDir: '', sqliteFile: file });
const report = (message: Record<string, unknown>) => process.send?.({ child: true, ...message });

process.on('message', (message: unknown) => {
  const order = (message as { order?: Order }).order;
  if (!order) return;
  const asked = performance.now();
  let timerFiredAt: number | null = null;
  // Fires after 20 ms if the process is free: not while it sleeps in SQLite's busy handler.
  setTimeout(() => {
    timerFiredAt = performance.now() - asked;
  }, 20);
  const write = async () => {
    if (order.single) {
      await sql`insert into log (label) values (${order.label})`.execute(db);
      return performance.now() - asked;
    }
    return db.transaction().execute(async (trx) => {
      const began = performance.now() - asked;
      await sql`insert into log (label) values (${order.label})`.execute(trx);
      report({ label: order.label, event: 'began' });
      if (order.holdMs) await sleep(order.holdMs);
      return began;
    });
  };
  report({ label: order.label, event: 'asking' });
  write().then(
    (beganAfterMs) => report({ label: order.label, event: 'done', beganAfterMs, timerFiredAt }),
    (error: Error) => report({ label: order.label, event: 'failed', error: error.message }),
  );
});
report({ event: 'ready' });
