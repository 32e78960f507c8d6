import { hash, verify } from '@node-rs/argon2';
import { PasswordQueue } from './password-queue.ts';

// OWASP recommendation for argon2id: m=19 MiB, t=2, p=1.
const OPTIONS = {
  algorithm: 2 /* Algorithm.Argon2id (a const enum) */,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * Every hash and check of this process goes through one bounded queue (PASSWORD_CONCURRENCY,
 * PASSWORD_QUEUE of the configuration, set by buildApp).
 */
export const passwordQueue = new PasswordQueue(1, 32);

export function hashPassword(password: string): Promise<string> {
  return passwordQueue.run(() => hash(password, OPTIONS));
}

/** False for a wrong password or an unreadable hash; throws 124 when the queue is full. */
export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return passwordQueue.run(async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}
