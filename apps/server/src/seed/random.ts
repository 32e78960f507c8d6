/**
 * A small deterministic pseudo-random generator (sfc32 seeded through splitmix32): the same seed
 * gives the same demo data on every machine and every run. Not for anything secret.
 */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    let s = seed >>> 0;
    const split = (): number => {
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = split();
    this.b = split();
    this.c = split();
    this.d = split();
    for (let i = 0; i < 12; i++) this.next();
  }

  /** A float in [0, 1). */
  next(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) >>> 0;
    return t / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('Rng.pick: array vuoto');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** `count` distinct elements (or all of them, shuffled, when count >= length). */
  sample<T>(items: readonly T[], count: number): T[] {
    return this.shuffle([...items]).slice(0, Math.max(0, count));
  }

  /** Shuffles the array in place (Fisher-Yates) and returns it. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const tmp = items[i] as T;
      items[i] = items[j] as T;
      items[j] = tmp;
    }
    return items;
  }

  /** One of the entries, chosen in proportion to its weight. */
  weighted<T>(entries: ReadonlyArray<readonly [T, number]>): T {
    let total = 0;
    for (const [, w] of entries) total += w;
    let r = this.next() * total;
    for (const [value, w] of entries) {
      r -= w;
      if (r < 0) return value;
    }
    const last = entries[entries.length - 1];
    if (!last) throw new RangeError('Rng.weighted: nessuna voce');
    return last[0];
  }

  /** A date between two dates (included) as 'YYYY-MM-DD'. */
  dateBetween(from: Date | string, to: Date | string): string {
    const start = toDay(from);
    const end = toDay(to);
    const day = this.int(Math.min(start, end), Math.max(start, end));
    return new Date(day * 86_400_000).toISOString().slice(0, 10);
  }

  /** A full ISO UTC timestamp between two dates, during office hours (08:00-18:59 UTC). */
  timestampBetween(from: Date | string, to: Date | string): string {
    const day = this.dateBetween(from, to);
    const h = String(this.int(8, 18)).padStart(2, '0');
    const m = String(this.int(0, 59)).padStart(2, '0');
    const s = String(this.int(0, 59)).padStart(2, '0');
    return `${day}T${h}:${m}:${s}.000Z`;
  }

  /** A string of `length` random digits. */
  digits(length: number): string {
    let out = '';
    for (let i = 0; i < length; i++) out += String(this.int(0, 9));
    return out;
  }

  /** A child generator with its own stream, so adding data in one area does not shift another. */
  fork(label: string): Rng {
    let h = 2166136261;
    for (let i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 16777619) >>> 0;
    return new Rng((h ^ Math.floor(this.next() * 4294967296)) >>> 0);
  }
}

function toDay(value: Date | string): number {
  const time = typeof value === 'string' ? Date.parse(`${value.slice(0, 10)}T00:00:00Z`) : value.getTime();
  return Math.floor(time / 86_400_000);
}

/** Adds days to a 'YYYY-MM-DD' date (or a Date) and returns 'YYYY-MM-DD'. */
export function addDays(date: Date | string, days: number): string {
  return new Date((toDay(date) + days) * 86_400_000).toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD' of a Date in UTC. */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}
