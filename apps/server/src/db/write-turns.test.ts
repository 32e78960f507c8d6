import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase } from './database.ts';
import { WriteTurnServer } from './write-turns.ts';

interface Report {
  label?: string;
  event: 'ready' | 'asking' | 'began' | 'done' | 'failed';
  beganAfterMs?: number;
  timerFiredAt?: number | null;
  error?: string;
}

const CHILD = path.join(import.meta.dirname, 'write-turns.child.ts');
const cleanups: Array<() => void> = [];

afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** A process on `file` whose reports can be awaited. */
function startProcess(file: string, turns: WriteTurnServer) {
  const child: ChildProcess = fork(CHILD, [file], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, WRITE_TURNS: '1' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  cleanups.push(() => child.kill('SIGKILL'));
  turns.serve(child as never);
  const reports: Report[] = [];
  const waiters: Array<() => void> = [];
  child.on('message', (message: unknown) => {
    if (!(message as { child?: boolean }).child) return;
    reports.push(message as Report);
    for (const wake of waiters.splice(0)) wake();
  });
  const until = async (label: string | undefined, event: Report['event']) => {
    for (;;) {
      const found = reports.find((r) => r.label === label && r.event === event);
      if (found) return found;
      const failed = reports.find((r) => r.event === 'failed');
      if (failed) throw new Error(failed.error);
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  return {
    order: (order: { label: string; holdMs?: number; single?: boolean }) => child.send({ order }),
    until,
  };
}

describe('write turns between server processes (SQLite)', () => {
  it('a process waiting for the write lock keeps serving, and the lock goes to whoever asked first', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'stabile-turns-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'stabile.db');
    const setup = createDatabase({ dataDir: dir, sqliteFile: file });
    await sql`create table log (id integer primary key, label text)`.execute(setup.db);

    const turns = new WriteTurnServer();
    const a = startProcess(file, turns);
    const b = startProcess(file, turns);
    await Promise.all([a.until(undefined, 'ready'), b.until(undefined, 'ready')]);

    // A holds the write lock for 600 ms; meanwhile B asks for a transaction and a single write.
    a.order({ label: 'A1', holdMs: 600 });
    await a.until('A1', 'began');
    b.order({ label: 'B1' });
    await b.until('B1', 'asking');
    while (turns.waiting === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    // A's next write is asked for after B's: B's comes first.
    a.order({ label: 'A2', single: true });
    await a.until('A2', 'asking');

    const b1 = await b.until('B1', 'done');
    await a.until('A2', 'done');
    const rows = await sql<{ label: string }>`select label from log order by id`.execute(setup.db);
    expect(rows.rows.map((r) => r.label)).toEqual(['A1', 'B1', 'A2']);
    // One turn per transaction and per single write: BEGIN inside a transaction asks for none.
    expect(turns.asked).toBe(3);
    // B waited for A's transaction, and its timer fired while it waited: its event loop was free
    // (in SQLite's busy handler the whole process sleeps until the lock is free).
    expect(b1.beganAfterMs).toBeGreaterThan(200);
    expect(b1.timerFiredAt).not.toBeNull();
    expect(b1.timerFiredAt as number).toBeLessThan(b1.beganAfterMs as number);
    await setup.destroy();
  }, 60_000);
});
