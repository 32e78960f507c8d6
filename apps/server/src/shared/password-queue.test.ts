import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.ts';
import { PasswordQueue } from './password-queue.ts';

function deferred() {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

describe('the password queue', () => {
  it('runs at most `concurrency` at once, the others in order as slots free up', async () => {
    const queue = new PasswordQueue(2, 10);
    const gates = Array.from({ length: 5 }, deferred);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const all = gates.map((gate, i) =>
      queue.run(async () => {
        running += 1;
        most = Math.max(most, running);
        order.push(i);
        await gate.promise;
        running -= 1;
        return i;
      }),
    );
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual([0, 1]);
    expect(queue.waitingCount).toBe(3);
    for (const gate of gates) gate.release();
    expect(await Promise.all(all)).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4]);
  });

  it('answers 124 at once, with Retry-After, when the waiting line is full', async () => {
    const queue = new PasswordQueue(1, 2);
    const gate = deferred();
    const held = [0, 1, 2].map(() => queue.run(() => gate.promise));
    const started = performance.now();
    const refused = await queue.run(async () => 'never').catch((error: unknown) => error);
    expect(performance.now() - started).toBeLessThan(50);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 124, status: 503, retryAfterSeconds: 1 });
    gate.release();
    await Promise.all(held);
    // Once the line is free again, work is accepted.
    expect(await queue.run(async () => 'ok')).toBe('ok');
  });

  it('frees the slot of a task that fails', async () => {
    const queue = new PasswordQueue(1, 0);
    await expect(queue.run(() => Promise.reject(new Error('argon2')))).rejects.toThrow('argon2');
    expect(await queue.run(async () => 'ok')).toBe('ok');
  });
});
