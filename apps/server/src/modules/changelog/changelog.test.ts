import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { parseChangelog } from './changelog.ts';

describe("the what's-new entries", () => {
  it('reads versions, dates, titles and bullets from the changelog', () => {
    const entries = parseChangelog(
      '# Novità\n\n## [1.1.0] - 2026-12-01 - Rate\n- Prima voce\n- Seconda voce\n\n## [1.0.0] - 2026-11-01\n- Avvio\n',
    );
    expect(entries).toEqual([
      { versione: '1.1.0', data: '2026-12-01', titolo: 'Rate', voci: ['Prima voce', 'Seconda voce'] },
      { versione: '1.0.0', data: '2026-11-01', titolo: 'Versione 1.0.0', voci: ['Avvio'] },
    ]);
  });

  describe('GET /api/changelog', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp();
    });
    afterAll(() => t.close());

    it('serves the project changelog without a session', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/changelog' });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      const versions = body.data.map((entry: { versione: string }) => entry.versione);
      expect(versions).toContain('0.1.0');
      expect(versions[versions.length - 1]).toBe('0.1.0');
      expect(body.data[0].voci.length).toBeGreaterThan(0);
    });

    it('speaks to the people who use Stabile, not to developers', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/changelog' });
      const texts: string[] = res
        .json()
        .data.flatMap((entry: { titolo: string; voci: string[] }) => [entry.titolo, ...entry.voci]);
      const jargon =
        /\b(server|database|query|indic[ei]|trigger|istruzion[ie]|thread|cache|migrazion[ie]|benchmark|p99|req\/s|SQL|PostgreSQL|SQLite|endpoint|API)\b|un ottavo di lavoro/i;
      expect(texts.filter((text) => jargon.test(text))).toEqual([]);
    });
  });
});
