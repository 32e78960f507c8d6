import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/build-test-app.ts';
import { createTestSession } from '../test/sessions.ts';
import { documentHasPrefixes, documentWords, ftsMatchOf } from './search-terms.ts';

describe('search words', () => {
  it('splits a document as the full-text tokenizer does', () => {
    expect([...documentWords("perdita d'acqua 27/c caldaia-nuova mario.rossi@example.it")]).toEqual([
      'perdita',
      'd',
      'acqua',
      '27',
      'c',
      'caldaia',
      'nuova',
      'mario',
      'rossi',
      'example',
      'it',
    ]);
  });

  it('tells whether every term starts a word of a document, as a full-text prefix match would', () => {
    const doc = "perdita d'acqua in caldaia-nuova mario.rossi@example.it";
    expect(documentHasPrefixes(doc, ['acq', 'nuov', 'rossi'])).toBe(true);
    expect(documentHasPrefixes(doc, ['perdita'])).toBe(true);
    // Inside a word is not a match, and every term must match.
    expect(documentHasPrefixes(doc, ['cqua'])).toBe(false);
    expect(documentHasPrefixes(doc, ['acqua', 'bianchi'])).toBe(false);
  });

  it('finds by a long prefix every word it stands for, also words added by a later change', async () => {
    const t = await buildTestApp();
    try {
      const s = await createTestSession(t);
      const post = (descr: string) =>
        t.app.inject({ method: 'POST', url: '/api/persona', headers: s.headers, payload: { descr } });
      expect((await post('Caldarola Anna')).statusCode).toBe(200);
      expect((await post('Caldarone Bruno')).statusCode).toBe(200);
      if (t.database.dialect === 'sqlite') {
        // SQLite: the prefix becomes the words the triggers recorded (PostgreSQL reads prefixes itself).
        const db = t.database.db;
        expect(await ftsMatchOf(db, ['caldar', 'ann'])).toBe('("caldarola" OR "caldarone") AND "ann"*');
        expect(await ftsMatchOf(db, ['zzzzqx'])).toBe('"zzzzqx"*');
        // A table with prefix lists up to 5 characters reads them for terms that short.
        expect(await ftsMatchOf(db, ['calda', 'caldar'], 5)).toBe(
          '"calda"* AND ("caldarola" OR "caldarone")',
        );
        // With a tag before every word and prefix (the open activities' index).
        expect(await ftsMatchOf(db, ['caldar', 'ann', 'zzzzqx'], 3, 'g1p4_')).toBe(
          '("g1p4_caldarola" OR "g1p4_caldarone") AND "g1p4_ann"* AND "g1p4_zzzzqx"*',
        );
      }

      // A changed document adds its new words.
      const search = async (q: string) =>
        (
          await t.app.inject({ method: 'GET', url: `/api/persona?searchQuery=${q}`, headers: s.headers })
        ).json().data as { descr: string }[];
      const [anna] = await search('caldarola');
      expect(anna?.descr).toBe('Caldarola Anna');
      // A prefix of several words beside another term.
      expect((await search('caldar%20ann')).map((p) => p.descr)).toEqual(['Caldarola Anna']);
      expect((await search('ann%20caldar')).map((p) => p.descr)).toEqual(['Caldarola Anna']);
      const full = (await t.app.inject({ method: 'GET', url: '/api/persona', headers: s.headers })).json()
        .data as { id: number; descr: string }[];
      const id = full.find((p) => p.descr === 'Caldarola Anna')!.id;
      const current = (
        await t.app.inject({ method: 'GET', url: `/api/persona/${id}`, headers: s.headers })
      ).json().data as { objVersion: number };
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/persona/${id}`,
        headers: s.headers,
        payload: { descr: 'Caldarazzo Anna', objVersion: current.objVersion },
      });
      expect(put.statusCode).toBe(200);
      expect((await search('caldaraz')).map((p) => p.descr)).toEqual(['Caldarazzo Anna']);
      expect((await search('caldar')).map((p) => p.descr)).toEqual(['Caldarazzo Anna', 'Caldarone Bruno']);
      for (const prefix of ['cal', 'cald', 'calda']) {
        expect((await search(prefix)).map((p) => p.descr)).toEqual(['Caldarazzo Anna', 'Caldarone Bruno']);
      }
      expect(await search('caldo')).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
