import { describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n.ts';
import { fieldLabel, formatDateTime, formatValue } from './history-format.ts';

const t = i18n.t.bind(i18n);

describe('how a change reads in the history', () => {
  it('names fields in Italian, by kind, and unknown fields by their name', () => {
    expect(fieldLabel(t, 'contatto', 'descr')).toBe('Descrizione');
    expect(fieldLabel(t, 'fornitore', 'telefono1')).toBe('Telefono 1');
    expect(fieldLabel(t, 'attivita', 'stato')).toBe('Stato');
    expect(fieldLabel(t, 'condominio', 'campo_nuovo')).toBe('campo_nuovo');
  });

  it("names the fields of a record's parts after the part: 'Assicurazione: compagnia'", () => {
    expect(fieldLabel(t, 'condominio', 'assicurazione.compagnia')).toBe('Assicurazione: compagnia');
    expect(fieldLabel(t, 'condominio', 'assicurazione')).toBe('Assicurazione');
    expect(fieldLabel(t, 'attivita', 'intervento.data_prevista')).toBe('Intervento: data prevista');
    expect(fieldLabel(t, 'parteComune', 'servizio.prossima_scadenza')).toBe('Servizio: prossima scadenza');
    expect(formatValue(t, 'condominio', 'assicurazione.premio_cents', 50000)).toMatch(/^500,00\s€$/);
    expect(formatValue(t, 'condominio', 'esercizio.chiuso', 1)).toBe('Sì');
  });

  it('shows dates as dd/mm/yyyy, money in euros, flags as Sì/No and nothing as a dash', () => {
    expect(formatValue(t, 'attivita', 'data_apertura', '2026-03-07')).toBe('07/03/2026');
    expect(formatValue(t, 'rata', 'versato_cents', 12050)).toMatch(/^120,50\s€$/);
    // Thousands grouped from four digits, as every amount of the app.
    expect(formatValue(t, 'rata', 'dovuto_cents', 123456)).toMatch(/^1\.234,56\s€$/);
    expect(formatValue(t, 'attivita', 'nascosta', 1)).toBe('Sì');
    expect(formatValue(t, 'attivita', 'stato', 2)).toBe('Sospesa');
    expect(formatValue(t, 'contatto', 'email', null)).toBe('—');
    expect(formatDateTime('2026-03-07T09:05:00')).toBe('07/03/2026 09:05');
  });
});
