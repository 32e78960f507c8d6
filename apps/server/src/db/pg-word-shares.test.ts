import { describe, expect, it } from 'vitest';
import { shareOfTerms, statisticsOf } from './pg-word-shares.ts';

// As pg_stats gives them: words in the order of their shares, then the lowest and highest share.
const statistics = statisticsOf(
  ['guasto', 'caldaia', 'citofono', 'caldo', 'cancello'],
  [0.08, 0.05, 0.01, 0.004, 0.002, 0.002, 0.08],
);

describe("PostgreSQL's word statistics", () => {
  it('gives the share of a kept word, and of every kept word a prefix starts', () => {
    expect(shareOfTerms(statistics, ['guasto'])).toBeCloseTo(0.08);
    expect(shareOfTerms(statistics, ['cald'])).toBeCloseTo(0.054);
    expect(shareOfTerms(statistics, ['ca'])).toBeCloseTo(0.056);
  });

  it('gives the rarest kept share to a word it does not keep', () => {
    expect(shareOfTerms(statistics, ['zzqx'])).toBeCloseTo(0.002);
    expect(shareOfTerms(statistics, ['gu', 'zzqx'])).toBeCloseTo(0.002);
  });

  it('gives several words the lowest of their shares, not their product (words of one text go together)', () => {
    expect(shareOfTerms(statistics, ['citofono', 'guasto'])).toBeCloseTo(0.01);
  });
});
