import { type ChildProcess, fork } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDatabase } from './database.ts';
import { WRITES_PER_TURN, WriteTurnServer, WriteTurns } from './write-turns.ts';

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
  it('a process waiting for the write lock keeps serving; the lock goes in the order asked, with the writes each process has ready', async () => {
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
    // A's next write, ready when A1 ends (it waits for A's connection), goes on A's turn, before B's.
    a.order({ label: 'A2', single: true });
    await a.until('A2', 'asking');

    const b1 = await b.until('B1', 'done');
    await a.until('A2', 'done');
    // Then A asks again, after B: B's turn came first, and A's write follows it.
    a.order({ label: 'A3', single: true });
    await a.until('A3', 'done');
    const rows = await sql<{ label: string }>`select label from log order by id`.execute(setup.db);
    expect(rows.rows.map((r) => r.label)).toEqual(['A1', 'A2', 'B1', 'A3']);
    // One turn for A1 and A2, one for B1, one for A3: BEGIN inside a transaction asks for none.
    expect(turns.asked).toBe(3);
    // B waited for A's transaction, and its timer fired while it waited: its event loop was free
    // (in SQLite's busy handler the whole process sleeps until the lock is free).
    expect(b1.beganAfterMs).toBeGreaterThan(200);
    expect(b1.timerFiredAt).not.toBeNull();
    expect(b1.timerFiredAt as number).toBeLessThan(b1.beganAfterMs as number);
    await setup.destroy();
  }, 60_000);
});

describe('the primary hands out turns', () => {
  /** A process as the primary sees it: what it was sent, and its events. */
  function peer() {
    const emitter = new EventEmitter();
    const sent: unknown[] = [];
    return Object.assign(emitter, { send: (message: unknown) => sent.push(message), sent });
  }
  const grants = (p: { sent: unknown[] }) =>
    p.sent.filter((m) => (m as { stabileWriteTurn: string }).stabileWriteTurn === 'grant').length;

  it('one at a time, in the order asked; a process that dies gives back its turn and its place', () => {
    const turns = new WriteTurnServer();
    const [a, b, c] = [peer(), peer(), peer()];
    for (const p of [a, b, c]) turns.serve(p);
    a.emit('message', { stabileWriteTurn: 'acquire', id: 1 });
    b.emit('message', { stabileWriteTurn: 'acquire', id: 1 });
    c.emit('message', { stabileWriteTurn: 'acquire', id: 1 });
    expect([grants(a), grants(b), grants(c)]).toEqual([1, 0, 0]);
    // B stops waiting (its wait timed out): C is next when A gives its turn back.
    b.emit('message', { stabileWriteTurn: 'cancel', id: 1 });
    a.emit('message', { stabileWriteTurn: 'release', id: 1 });
    expect([grants(a), grants(b), grants(c)]).toEqual([1, 0, 1]);
    // A asks again, then C dies holding its turn: A has it.
    a.emit('message', { stabileWriteTurn: 'acquire', id: 2 });
    expect(grants(a)).toBe(1);
    c.emit('exit');
    expect(grants(a)).toBe(2);
    // A release that is not the holder's changes nothing.
    b.emit('message', { stabileWriteTurn: 'release', id: 2 });
    b.emit('message', { stabileWriteTurn: 'acquire', id: 3 });
    expect(grants(b)).toBe(0);
    a.emit('message', { stabileWriteTurn: 'release', id: 2 });
    expect(grants(b)).toBe(1);
  });
});

describe("a process's turns", () => {
  function channel() {
    const emitter = new EventEmitter();
    const sent: Array<{ stabileWriteTurn: string; id: number }> = [];
    return Object.assign(emitter, {
      connected: true,
      send: (message: { stabileWriteTurn: string; id: number }) => sent.push(message),
      sent,
    });
  }

  it('waits for the grant, gives the turn back once, and goes ahead without one after 5 s', async () => {
    vi.useFakeTimers();
    try {
      const primary = channel();
      const turns = new WriteTurns(primary as unknown as NodeJS.Process);
      const first = turns.acquire();
      expect(primary.sent).toEqual([{ stabileWriteTurn: 'acquire', id: 1 }]);
      primary.emit('message', { stabileWriteTurn: 'grant', id: 1 });
      const release = await first;
      release();
      release();
      // (Kept until the process has nothing else to do: see the next test.)
      vi.runOnlyPendingTimers();
      expect(primary.sent.filter((m) => m.stabileWriteTurn === 'release')).toEqual([
        { stabileWriteTurn: 'release', id: 1 },
      ]);

      // No answer: after 5 s the write goes ahead (SQLite's busy timeout decides) and the place is given up.
      const second = turns.acquire();
      await vi.advanceTimersByTimeAsync(5_000);
      (await second)();
      expect(primary.sent.at(-1)).toEqual({ stabileWriteTurn: 'cancel', id: 2 });
      // A grant that comes after that is handed straight back.
      primary.emit('message', { stabileWriteTurn: 'grant', id: 2 });
      expect(primary.sent.at(-1)).toEqual({ stabileWriteTurn: 'release', id: 2 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps its turn for the writes ready as one ends, at most WRITES_PER_TURN, and gives it back when idle', async () => {
    const primary = channel();
    const turns = new WriteTurns(primary as unknown as NodeJS.Process);
    const kinds = () => primary.sent.map((m) => `${m.stabileWriteTurn} ${m.id}`);
    const first = turns.acquire();
    primary.emit('message', { stabileWriteTurn: 'grant', id: 1 });
    let release = await first;
    // The next writes, asked as the one before ends, take the same turn without asking the primary.
    for (let i = 1; i < WRITES_PER_TURN; i++) {
      release();
      release = await turns.acquire();
    }
    expect(kinds()).toEqual(['acquire 1']);
    // Its share served: the turn goes back at once, and the next write asks again.
    release();
    expect(kinds()).toEqual(['acquire 1', 'release 1']);
    const next = turns.acquire();
    expect(kinds()).toEqual(['acquire 1', 'release 1', 'acquire 2']);
    primary.emit('message', { stabileWriteTurn: 'grant', id: 2 });
    (await next)();
    // No write ready: given back once the process has nothing else to do.
    expect(kinds()).toEqual(['acquire 1', 'release 1', 'acquire 2']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(kinds()).toEqual(['acquire 1', 'release 1', 'acquire 2', 'release 2']);
  });
});
