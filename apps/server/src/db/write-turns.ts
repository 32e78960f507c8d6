import cluster from 'node:cluster';

/**
 * Turns at SQLite's write lock for the server's processes (WORKERS > 1 on one database file), handed
 * out by the primary process in the order they are asked for.
 *
 * Why: a process that finds the write lock taken waits in SQLite's busy handler, which sleeps
 * (1, 2, 5 ... 100 ms, growing) with the whole process stopped: its other requests wait too, and
 * while the other process writes back to back the sleeper keeps waking to a taken lock. Two
 * processes recording payments at once gave one of them a handful of writes in seconds. With turns,
 * a process waits for its turn without blocking its event loop, and the lock goes to whoever asked
 * first. A turn is taken around each write transaction and each write outside one (database.ts);
 * reads never take one. Without a primary (WORKERS=1, the tools, the tests) nothing changes.
 */

/** The longest wait for a turn: then the write goes ahead and SQLite's busy timeout decides. */
const TURN_WAIT_MS = 5_000;

interface TurnMessage {
  stabileWriteTurn: 'acquire' | 'grant' | 'release' | 'cancel';
  id: number;
}

function isTurnMessage(message: unknown): message is TurnMessage {
  return typeof message === 'object' && message !== null && 'stabileWriteTurn' in message;
}

/** A process that can ask for turns: a cluster worker, or a forked child in the tests. */
interface TurnPeer {
  send(message: TurnMessage): unknown;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  on(event: 'exit', listener: () => void): unknown;
}

/** The primary's side: one holder at a time, the others in the order they asked. */
export class WriteTurnServer {
  #holder: { peer: TurnPeer; id: number } | null = null;
  readonly #queue: Array<{ peer: TurnPeer; id: number }> = [];
  /** Turns asked for so far, and how many wait now (what the tests look at). */
  asked = 0;
  get waiting(): number {
    return this.#queue.length;
  }

  /** Serves every worker the cluster forks from now on. */
  serveCluster(): void {
    cluster.on('fork', (worker) => this.serve(worker));
  }

  serve(peer: TurnPeer): void {
    peer.on('message', (message) => {
      if (!isTurnMessage(message)) return;
      const { stabileWriteTurn: kind, id } = message;
      if (kind === 'acquire') {
        this.asked++;
        this.#queue.push({ peer, id });
        this.#next();
      } else if (kind === 'release') {
        if (this.#holder?.peer === peer && this.#holder.id === id) {
          this.#holder = null;
          this.#next();
        }
      } else if (kind === 'cancel') {
        const index = this.#queue.findIndex((entry) => entry.peer === peer && entry.id === id);
        if (index >= 0) this.#queue.splice(index, 1);
      }
    });
    // A process that dies gives its turn back, and its place in the queue.
    peer.on('exit', () => {
      for (let i = this.#queue.length - 1; i >= 0; i--)
        if (this.#queue[i]?.peer === peer) this.#queue.splice(i, 1);
      if (this.#holder?.peer === peer) {
        this.#holder = null;
        this.#next();
      }
    });
  }

  #next(): void {
    while (!this.#holder && this.#queue.length > 0) {
      const entry = this.#queue.shift() as { peer: TurnPeer; id: number };
      try {
        entry.peer.send({ stabileWriteTurn: 'grant', id: entry.id });
        this.#holder = entry;
      } catch {
        // That process is going away: the next one.
      }
    }
  }
}

/** Gives a turn back. */
export type ReleaseTurn = () => void;

const NO_TURN: ReleaseTurn = () => undefined;

/**
 * The writes a process may make in a row on one turn, when the next is ready as the last ends (the
 * writes waiting for the process's connection). SQLite drops a connection's page cache when another
 * process has committed, and a write on a cold cache costs several times one on a warm cache (decision
 * 0030). Keeping the turn for the writes already waiting keeps the cache warm for them and saves their
 * round trips to the primary; the other process waits for at most this many.
 */
export const WRITES_PER_TURN = 8;

/** A process's side: asks the primary for a turn and waits for it without blocking. */
export class WriteTurns {
  #lastId = 0;
  readonly #waiting = new Map<number, () => void>();
  /** The turn this process holds from the primary, between its writes. */
  #held: { id: number; writes: number; inUse: boolean } | null = null;

  constructor(private readonly channel: NodeJS.Process = process) {
    channel.on('message', (message: unknown) => {
      if (!isTurnMessage(message) || message.stabileWriteTurn !== 'grant') return;
      const granted = this.#waiting.get(message.id);
      if (granted) {
        this.#waiting.delete(message.id);
        granted();
      } else {
        // Granted after this process stopped waiting: give it straight back.
        this.#send('release', message.id);
      }
    });
  }

  /** Waits for this process's turn; the returned function gives it back (call it once). */
  acquire(): Promise<ReleaseTurn> {
    if (!this.channel.connected) return Promise.resolve(NO_TURN);
    const held = this.#held;
    if (held && !held.inUse && held.writes < WRITES_PER_TURN) {
      held.inUse = true;
      held.writes++;
      return Promise.resolve(this.#releaser(held));
    }
    const id = ++this.#lastId;
    return new Promise<ReleaseTurn>((resolve) => {
      const timer = setTimeout(() => {
        this.#waiting.delete(id);
        this.#send('cancel', id);
        resolve(NO_TURN);
      }, TURN_WAIT_MS);
      this.#waiting.set(id, () => {
        clearTimeout(timer);
        const turn = { id, writes: 1, inUse: true };
        // A turn asked while another was held (not by this process's one connection) goes back alone.
        if (!this.#held) this.#held = turn;
        resolve(this.#releaser(turn));
      });
      this.#send('acquire', id);
    });
  }

  /** Gives the turn back after the writes ready now, or at once when it has served its share. */
  #releaser(turn: { id: number; writes: number; inUse: boolean }): ReleaseTurn {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      turn.inUse = false;
      if (this.#held !== turn) {
        this.#send('release', turn.id);
      } else if (turn.writes >= WRITES_PER_TURN) {
        this.#giveBack(turn);
      } else {
        // The next write waiting for the connection takes it before this runs.
        setImmediate(() => {
          if (!turn.inUse) this.#giveBack(turn);
        }).unref();
      }
    };
  }

  #giveBack(turn: { id: number }): void {
    if (this.#held !== turn) return;
    this.#held = null;
    this.#send('release', turn.id);
  }

  #send(kind: TurnMessage['stabileWriteTurn'], id: number): void {
    if (!this.channel.connected || !this.channel.send) return;
    try {
      this.channel.send({ stabileWriteTurn: kind, id } satisfies TurnMessage);
    } catch {
      // The primary is gone: nothing to wait for.
    }
  }
}

let processTurns: WriteTurns | null | undefined;

/**
 * The turns of this process when it is one of the server's cluster workers (whose primary serves
 * them), else null. `WRITE_TURNS=1` asks for them in a process forked otherwise (the tests).
 */
export function writeTurnsOfProcess(): WriteTurns | null {
  if (processTurns === undefined) {
    const wanted = cluster.isWorker || process.env.WRITE_TURNS === '1';
    processTurns = wanted && process.send ? new WriteTurns() : null;
  }
  return processTurns;
}
