const MINUTE = 60_000;

/** Whole minutes to wait, rounded up (a wait of a few seconds is "1 minuto"). */
export function minutesToWait(waitMs: number): number {
  return Math.max(1, Math.ceil(waitMs / MINUTE));
}

/** The Italian answer of a refused attempt (code 121): the wait is said in minutes. */
export function retryMessage(waitMs: number): string {
  const minutes = minutesToWait(waitMs);
  return `Troppi tentativi. Riprova tra ${minutes} ${minutes === 1 ? 'minuto' : 'minuti'}.`;
}
