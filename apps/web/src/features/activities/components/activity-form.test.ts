import type { ActivityDetail } from '@stabile/contract';
import { describe, expect, it } from 'vitest';
import { listMayChange } from '../activities-api.ts';
import { rebase, updateBodyOf, valuesOf } from './activity-form.ts';

const base = {
  id: 7,
  condGenID: 3,
  intestazioneCondominio: 'Condominio Aurora',
  titolo: 'Perdita',
  descrizione: 'Acqua',
  gestore: 'Anna',
  tipoSegnalazID: 2,
  tipoSegnalazDescr: 'Problema',
  priorita: 2,
  dataApertura: '2026-03-02',
  dataConcludereEntro: null,
  richiedenteID: -1,
  richiedenteDescr: null,
  servizio: null,
  nascosta: false,
  esercizioID: null,
  ultimoAggiornamento: '2026-03-02T10:00:00.000Z',
  objVersion: 3,
} as unknown as ActivityDetail;

describe('rebase after a conflict', () => {
  it('keeps typed values, takes values only the other user changed, and names theirs where both changed', () => {
    const mine = { ...valuesOf(base), titolo: 'Perdita in garage', priorita: '4' };
    const fresh = {
      ...base,
      titolo: 'Perdita in caldaia',
      priorita: 4,
      servizio: 4,
      objVersion: 4,
    } as ActivityDetail;
    const { values, theirs } = rebase(mine, base, fresh);
    expect(values).toMatchObject({ titolo: 'Perdita in garage', priorita: '4', servizio: '4' });
    // Same value on both sides is no conflict; a different one is shown.
    expect(theirs).toEqual({ titolo: 'Perdita in caldaia' });
    expect(updateBodyOf(values, fresh)).toMatchObject({ objVersion: 4, gestore: 'Anna', servizio: 4 });
  });
});

describe('which loaded lists ask the server again after an edit', () => {
  const after = { ...base, titolo: 'Altro titolo', ultimoAggiornamento: '2026-03-03T08:00:00.000Z' };
  it('patches in place a list whose filters and order the change does not touch', () => {
    expect(listMayChange({ stato: 1, orderBy: 'recenti' }, base, after)).toBe(false);
    expect(listMayChange({ priorita: 2 }, base, after)).toBe(false);
  });
  it('refetches a list filtered, searched or ordered on a changed field', () => {
    expect(listMayChange({ searchQuery: 'perdita' }, base, after)).toBe(true);
    expect(listMayChange({ orderBy: 'aggiornamento' }, base, after)).toBe(true);
    expect(listMayChange({ priorita: 2 }, base, { ...after, priorita: 4 })).toBe(true);
    expect(listMayChange({ priorita: 2 }, undefined, after)).toBe(true);
  });
});
