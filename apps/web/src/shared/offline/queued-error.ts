import { ErrorCode } from '@stabile/contract';
import type { ApiErrorResult } from '../api/api-types.ts';
import { offlineTexts } from './texts.ts';

/** What the base query answers a write it kept in the offline queue (sent later, applied once). */
export const QUEUED_ERROR: ApiErrorResult = {
  code: ErrorCode.Unhandled,
  status: 0,
  message: offlineTexts.queuedToast,
};

/** True when a write's error means "kept in the offline queue, sent when the connection returns". */
export function isQueuedError(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { message?: unknown }).message === QUEUED_ERROR.message
  );
}

/**
 * For a form that is done once its write is kept: `await save().unwrap().catch(unlessQueued)`
 * resolves when the write waits in the queue and rethrows any other error.
 */
export function unlessQueued(error: unknown): undefined {
  if (isQueuedError(error)) return undefined;
  throw error;
}

/**
 * For a form whose write failed, in the `.catch` of its promise: a write kept in the offline queue
 * finishes the form as a success would (`done`: close it, leave the edit mode; the queue's toast already
 * says the change is pending) and the chain resolves; any other error is rethrown.
 */
export function whenQueued(done: () => void): (error: unknown) => void {
  return (error) => {
    if (!isQueuedError(error)) throw error;
    done();
  };
}

/** For a create whose failure reads as null: a write kept in the offline queue rejects instead. */
export function nullUnlessQueued(error: unknown): null {
  if (isQueuedError(error)) throw error;
  return null;
}
