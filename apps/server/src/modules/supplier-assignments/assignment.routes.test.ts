import { existsSync, readdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { isoDateToday } from '@stabile/contract';
import { parse as parseContentDisposition } from 'content-disposition';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestSession, type TestSession } from '../../test/sessions.ts';
import { insertCondominium, insertRegistryRow } from '../activities/activity.fixtures.ts';
import { isoDaysAgo } from '../activities/activity.repository.ts';
import { addDevice } from '../notifications/device.repository.ts';
import { decryptPushMessage, fakeBrowser } from '../notifications/push.test-helpers.ts';

let t: TestApp;
let s: TestSession;
let other: TestSession;
let condo: number;
let provider: number;
let silentProvider: number;
const today = isoDateToday();
// Days from today in Italy, as the server counts them (a UTC date is yesterday's there after 23:00 UTC).
const inDays = (n: number) => isoDaysAgo(isoDateToday(), -n);

beforeAll(async () => {
  t = await buildTestApp();
  s = await createTestSession(t);
  other = await createTestSession(t);
  condo = await insertCondominium(t.database.db, s.archiveId, 'Condominio Aurora');
  provider = await insertRegistryRow(
    t.database.db,
    'providers',
    s.archiveId,
    'Idraulica Bianchi',
    'ufficio@idraulica.example.it',
  );
  silentProvider = await insertRegistryRow(t.database.db, 'providers', s.archiveId, 'Ditta Senza Email');
});
afterAll(() => t.close());

type Json = Record<string, unknown>;
async function call(method: string, url: string, payload?: unknown, session: TestSession | null = s) {
  const res = await t.app.inject({
    method: method as 'GET',
    url,
    headers: session ? session.headers : {},
    ...(payload === undefined ? {} : { payload: payload as Json }),
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers, raw: res.rawPayload };
}

/** An open activity with an intervention of the provider; returns their ids. */
async function intervention(fornitore = provider, priorita = 2) {
  const a = await call('POST', '/api/attivita', {
    condGenID: condo,
    titolo: 'Perdita in cantina',
    descrizione: 'Acqua dal soffitto',
    priorita,
  });
  const attivitaId = a.body.data.id as number;
  const i = await call('POST', `/api/attivita/${attivitaId}/fornitore/${fornitore}/intervento`, {
    descrizione: 'Riparare il tubo',
    dataPrevista: inDays(2),
    operatore: 'Mario Rossi',
  });
  return { attivitaId, interventoId: i.body.data.id as number };
}

function lastLink(): string {
  const mail = t.outbox.at(-1);
  const match = /\/fornitore\/(\S+)/.exec(mail?.text ?? '');
  if (!match?.[1]) throw new Error("nessun link nell'email");
  return match[1];
}

async function send(ids: { interventoId: number }, messaggio = 'Grazie') {
  const res = await call('POST', '/api/interventoFornitore', { interventoID: ids.interventoId, messaggio });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { assignment: res.body.data, token: lastLink() };
}

const portal = (token: string) => call('GET', `/api/fornitore-portale/${token}`, undefined, null);
const act = (token: string, azione: string, body: Json = {}) =>
  call('POST', `/api/fornitore-portale/${token}/${azione}`, body, null);

describe('sending an assignment', () => {
  it('names the studio once: "lo Studio Rossi", not "lo studio Studio Rossi"', async () => {
    const db = t.database.db;
    const archive = await db
      .selectFrom('archives')
      .select('name')
      .where('id', '=', s.archiveId)
      .executeTakeFirstOrThrow();
    await db.updateTable('archives').set({ name: 'Studio Rossi' }).where('id', '=', s.archiveId).execute();
    try {
      await send(await intervention());
      const text = t.outbox.at(-1)?.text ?? '';
      expect(text).toContain('lo Studio Rossi le chiede un intervento');
      expect(text).not.toMatch(/studio Studio/i);
    } finally {
      await db.updateTable('archives').set({ name: archive.name }).where('id', '=', s.archiveId).execute();
    }
  });

  it('emails the provider a link to a page without account, and records the event', async () => {
    const ids = await intervention();
    const before = t.outbox.length;
    const { assignment, token } = await send(ids, 'Serve entro venerdì');
    // No dot in the token: the web server must serve the page, not look for a file.
    expect(token).not.toContain('.');
    expect(assignment).toMatchObject({
      interventoID: ids.interventoId,
      stato: 1,
      email: 'ufficio@idraulica.example.it',
    });
    expect(assignment.scadenzaLink).toMatch(/^\d{4}-/);
    expect(t.outbox.length).toBe(before + 1);
    const mail = t.outbox.at(-1)!;
    expect(mail.to).toBe('ufficio@idraulica.example.it');
    expect(mail.subject).toContain('Richiesta di intervento - Pratica n.');
    expect(mail.text).toContain('Serve entro venerdì');
    expect(mail.text).toContain(`http://stabile.test/fornitore/${token}`);
    const page = await portal(token);
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({
      fornitore: 'Idraulica Bianchi',
      stato: 1,
      azioni: ['accetta', 'rifiuta', 'rinvia', 'messaggio'],
      attivita: { titolo: 'Perdita in cantina', condominio: 'Condominio Aurora' },
      intervento: { descrizione: 'Riparare il tubo' },
    });
    const detail = await call('GET', `/api/attivita/${ids.attivitaId}`);
    expect(detail.body.data.interventi[0].assegnazione.stato).toBe(1);
    expect(detail.body.data.eventi.at(-1).testo).toContain(
      'Richiesta di intervento inviata a Idraulica Bianchi',
    );
  });

  it('refuses a second send, a provider without email and another archive', async () => {
    const ids = await intervention();
    await send(ids);
    const again = await call('POST', '/api/interventoFornitore', { interventoID: ids.interventoId });
    expect(again.body.error).toMatchObject({
      code: 115,
      message: expect.stringContaining('Sollecita o Riproponi'),
    });
    const silent = await intervention(silentProvider);
    const noEmail = await call('POST', '/api/interventoFornitore', { interventoID: silent.interventoId });
    expect(noEmail.body.error.message).toContain('non ha un indirizzo email');
    const withAddress = await call('POST', '/api/interventoFornitore', {
      interventoID: silent.interventoId,
      email: 'preventivi@ditta.example.it',
    });
    expect(withAddress.body.data.email).toBe('preventivi@ditta.example.it');
    const foreign = await call('POST', '/api/interventoFornitore', { interventoID: ids.interventoId }, other);
    expect(foreign.status).toBe(404);
    const foreignCancel = await call(
      'PUT',
      `/api/interventoFornitore/${ids.attivitaId}/${ids.interventoId}/annulla`,
      { motivazione: 'x' },
      other,
    );
    expect(foreignCancel.status).toBe(404);
  });
});

describe("the provider's answers", () => {
  it('accepts, postpones, writes and closes with success: each an event, a state and a notice', async () => {
    const ids = await intervention();
    const { token } = await send(ids);
    expect((await act(token, 'chiudiSuccesso')).body.error.code).toBe(115);
    const accepted = await act(token, 'accetta');
    expect(accepted.body.data).toMatchObject({
      stato: 2,
      azioni: ['rinvia', 'messaggio', 'chiudiSuccesso', 'chiudiInsuccesso'],
    });
    const detail = (await call('GET', `/api/attivita/${ids.attivitaId}`)).body.data;
    expect(detail.avvisi).toBe(true);
    expect(detail.eventi.at(-1)).toMatchObject({
      tipo: 4,
      autore: 1,
      testo: "Idraulica Bianchi ha accettato l'incarico",
    });

    const past = await act(token, 'rinvia', { nuovaData: '2020-01-01', motivazione: 'Ferie' });
    expect(past.body.error).toMatchObject({ code: 113, message: expect.stringContaining('passato') });
    const noReason = await act(token, 'rinvia', { nuovaData: inDays(10) });
    expect(noReason.body.error.code).toBe(113);
    const postponed = await act(token, 'rinvia', { nuovaData: inDays(10), motivazione: 'Manca il pezzo' });
    expect(postponed.body.data.intervento.dataPrevista).toBe(inDays(10));
    expect((await act(token, 'messaggio', {})).body.error.code).toBe(113);
    const message = await act(token, 'messaggio', { testo: 'Arrivo alle 9' });
    expect(message.body.data.messaggi.at(-1)).toMatchObject({
      autore: 'fornitore',
      azione: 'messaggio',
      testo: 'Arrivo alle 9',
    });

    const closed = await act(token, 'chiudiSuccesso', { motivazione: 'Tubo sostituito' });
    expect(closed.body.data).toMatchObject({ stato: 5, azioni: [], intervento: { dataEsecuzione: today } });
    expect((await act(token, 'accetta')).body.error.code).toBe(115);

    const after = (await call('GET', `/api/attivita/${ids.attivitaId}`)).body.data;
    expect(after.interventiInCorso).toBe(0);
    expect(after.interventi[0]).toMatchObject({ rinviato: true, dataEsecuzione: today });
    expect(after.eventi.filter((e: Json) => e.autore === 1).map((e: Json) => e.testo)).toEqual([
      "Idraulica Bianchi ha accettato l'incarico",
      `Idraulica Bianchi ha rinviato l'intervento al ${inDays(10).split('-').reverse().join('/')}: Manca il pezzo`,
      'Messaggio da Idraulica Bianchi: Arrivo alle 9',
      "Idraulica Bianchi ha concluso l'intervento con successo: Tubo sostituito",
    ]);
    const messages = await call('GET', `/api/interventoFornitore/${ids.interventoId}/messaggi`);
    expect(messages.body.data.map((m: Json) => m.azione)).toEqual([
      'invia',
      'accetta',
      'rinvia',
      'messaggio',
      'chiudiSuccesso',
    ]);
  });

  it('rejects, and the administrator re-proposes with a new link (the old one stops working)', async () => {
    const ids = await intervention();
    const { token } = await send(ids);
    expect((await act(token, 'rifiuta', { motivazione: 'Non copriamo la zona' })).body.data.stato).toBe(3);
    const path = `/api/interventoFornitore/${ids.attivitaId}/${ids.interventoId}`;
    expect((await call('PUT', `${path}/sollecita`, { motivazione: 'x' })).body.error.code).toBe(115);
    const again = await call('PUT', `${path}/riproponi`, { motivazione: 'Abbiamo cambiato accordi' });
    expect(again.body.data.stato).toBe(1);
    const fresh = lastLink();
    expect(fresh).not.toBe(token);
    const old = await portal(token);
    expect(old.status).toBe(410);
    expect(old.body.error.message).toContain('non è più attivo');
    expect((await portal(fresh)).body.data.stato).toBe(1);
  });

  it('closes with failure from accepted only', async () => {
    const ids = await intervention();
    const { token } = await send(ids);
    expect((await act(token, 'chiudiInsuccesso')).body.error.code).toBe(115);
    await act(token, 'accetta');
    expect(
      (await act(token, 'chiudiInsuccesso', { motivazione: 'Serve rifare la colonna' })).body.data.stato,
    ).toBe(6);
  });
});

describe('administrator actions', () => {
  it('reminds (email with the link) and cancels with the reason; a cancelled request shows no actions', async () => {
    const ids = await intervention();
    await send(ids);
    const path = `/api/interventoFornitore/${ids.attivitaId}/${ids.interventoId}`;
    expect((await call('PUT', `${path}/sollecita`, {})).body.error.code).toBe(113);
    const reminded = await call('PUT', `${path}/sollecita`, { motivazione: 'Urgente: perdita in aumento' });
    expect(reminded.body.data).toMatchObject({ stato: 1, motivazione: 'Urgente: perdita in aumento' });
    expect(t.outbox.at(-1)?.subject).toContain('Sollecito');
    const token = lastLink();
    const cancelled = await call('PUT', `${path}/annulla`, { motivazione: 'Risolto dal custode' });
    expect(cancelled.body.data.stato).toBe(4);
    expect(t.outbox.at(-1)?.subject).toContain('annullata');
    expect((await portal(token)).body.data).toMatchObject({ stato: 4, azioni: [] });
    expect((await act(token, 'accetta')).body.error.code).toBe(115);
    expect((await call('PUT', `${path}/annulla`, { motivazione: 'x' })).body.error.code).toBe(115);
  });

  it('refuses to delete an intervention with a request in progress', async () => {
    const ids = await intervention();
    await send(ids);
    const res = await call(
      'DELETE',
      `/api/attivita/${ids.attivitaId}/fornitore/${provider}/intervento/${ids.interventoId}?objVersion=1`,
    );
    expect(res.body.error).toMatchObject({ code: 115, message: expect.stringContaining('annullalo') });
  });

  it('sends an integration message with a file (multipart) that the provider can download', async () => {
    const ids = await intervention();
    const { token } = await send(ids);
    const boundary = '----stabile';
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="messaggio"\r\n\r\nPlanimetria del locale\r\n`,
      ),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="../planimetria.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      pdf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const url = `/api/interventoFornitore/${ids.attivitaId}/${ids.interventoId}/integrazioneFileForm`;
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...s.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    const message = res.json().data.messaggi.at(-1);
    expect(message).toMatchObject({
      azione: 'integrazione',
      testo: 'Planimetria del locale',
      allegato: { nomeFile: 'planimetria.pdf', dimensione: pdf.length },
    });
    expect(t.outbox.at(-1)?.attachments?.[0]?.filename).toBe('planimetria.pdf');
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/fornitore-portale/${token}/allegati/${message.id}`,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('attachment');
    expect(file.rawPayload.equals(pdf)).toBe(true);

    const exe = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="messaggio"\r\n\r\nx\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n`),
      Buffer.from('MZ\x90\x00binary'),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const refused = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...s.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: exe,
    });
    expect(refused.json().error).toMatchObject({
      code: 113,
      message: expect.stringContaining('Tipo di file non ammesso'),
    });
    const noFile = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...s.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="messaggio"\r\n\r\nSolo testo\r\n--${boundary}--\r\n`,
    });
    expect(noFile.json().error.message).toContain('Allega un file');
    const byKey = await call(
      'POST',
      `/api/interventoFornitore/${ids.attivitaId}/${ids.interventoId}/integrazioneChiaveFile`,
      {
        chiaveDownload: 'nonesiste1234',
        nomeFile: 'x.pdf',
        messaggio: 'Vedi allegato',
      },
    );
    expect(byKey.body.error).toMatchObject({
      code: 113,
      message: expect.stringContaining('Chiave del file non valida'),
    });
  });
});

describe('uploads and names that arrive hostile', () => {
  const boundary = '----stabile';
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  const form = (fileName: string) =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="messaggio"\r\n\r\nPianta\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      pdf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
  const upload = (
    ids: { attivitaId: number; interventoId: number },
    payload: Buffer | string,
    type?: string,
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/interventoFornitore/${ids.attivitaId}/${ids.interventoId}/integrazioneFileForm`,
      headers: { ...s.headers, 'content-type': type ?? `multipart/form-data; boundary=${boundary}` },
      payload,
    });
  const storedFiles = () => {
    const folder = path.join(t.config.dataDir, 'files', String(s.archiveId));
    return existsSync(folder) ? readdirSync(folder).sort() : [];
  };

  it('answers 400 in the envelope to a malformed form, and 409 to a cancelled request keeping no file', async () => {
    const ids = await intervention();
    await send(ids);
    const unterminated = await upload(ids, form('a.pdf').subarray(0, -12));
    expect(unterminated.statusCode, unterminated.body).toBe(400);
    expect(unterminated.json()).toMatchObject({ data: null, error: { code: 110, status: 400 } });
    const noBoundary = await upload(ids, form('a.pdf'), 'multipart/form-data');
    expect(noBoundary.statusCode, noBoundary.body).toBe(400);
    expect(noBoundary.json()).toMatchObject({ data: null, error: { code: 110, status: 400 } });

    expect((await call('PUT', `${path_(ids)}/annulla`, { motivazione: 'Risolto' })).status).toBe(200);
    const before = storedFiles();
    const refused = await upload(ids, form('pianta.pdf'));
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.code).toBe(115);
    expect(storedFiles()).toEqual(before);
  });

  it('sends a hostile file name back escaped per RFC 6266: no parameter injected', async () => {
    const ids = await intervention();
    const { token } = await send(ids);
    const sent = await upload(ids, form('pianta.pdf'));
    expect(sent.statusCode, sent.body).toBe(200);
    const key = readdirSync(path.join(t.config.dataDir, 'files', String(s.archiveId)))[0]!;
    const hostile = 'report"; filename*=UTF-8\'\'evil.html; x="';
    const byKey = await call('POST', `${path_(ids)}/integrazioneChiaveFile`, {
      chiaveDownload: key,
      nomeFile: hostile,
      messaggio: 'Vedi allegato',
    });
    expect(byKey.status, JSON.stringify(byKey.body)).toBe(200);
    const message = byKey.body.data.messaggi.at(-1);
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/fornitore-portale/${token}/allegati/${message.id}`,
    });
    expect(file.statusCode).toBe(200);
    const header = String(file.headers['content-disposition']);
    const parsed = parseContentDisposition(header);
    expect(parsed.type).toBe('attachment');
    expect(Object.keys(parsed.parameters).sort()).toEqual(['filename']);
    expect(parsed.parameters.filename).not.toContain('evil.html"');
    expect(parsed.parameters.filename?.startsWith('report')).toBe(true);

    const accented = await call('POST', `${path_(ids)}/integrazioneChiaveFile`, {
      chiaveDownload: key,
      nomeFile: 'però è così.pdf',
      messaggio: 'Con accenti',
    });
    const accentedFile = await t.app.inject({
      method: 'GET',
      url: `/api/fornitore-portale/${token}/allegati/${accented.body.data.messaggi.at(-1).id}`,
    });
    // The UTF-8 name (filename*) with an ASCII fallback (filename), nothing else.
    const accentedHeader = String(accentedFile.headers['content-disposition']);
    expect(accentedHeader).toContain("filename*=UTF-8''per%C3%B2%20%C3%A8%20cos%C3%AC.pdf");
    expect(parseContentDisposition(accentedHeader).parameters.filename).toBe('però è così.pdf');
  });

  it('ten simultaneous sends of one intervention: one 201, nine 409 with a catalogue code', async () => {
    const ids = await intervention();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/interventoFornitore',
          headers: s.headers,
          payload: { interventoID: ids.interventoId, messaggio: 'Insieme' },
        }),
      ),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(409)]);
    for (const res of answers.filter((r) => r.statusCode === 409)) {
      expect(res.json()).toMatchObject({ data: null, error: { code: 115, status: 409 } });
    }
  });
});

const path_ = (ids: { attivitaId: number; interventoId: number }) =>
  `/api/interventoFornitore/${ids.attivitaId}/${ids.interventoId}`;

describe("the link's limits", () => {
  it('refuses a tampered, expired or forged link with a clear Italian message', async () => {
    const a = await intervention();
    const b = await intervention();
    const { token: tokenA } = await send(a);
    const { token: tokenB } = await send(b);
    const tampered = `${tokenA.slice(0, -2)}${tokenA.endsWith('AA') ? 'BB' : 'AA'}`;
    const res = await portal(tampered);
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({
      code: 120,
      message: expect.stringContaining('Il link non è valido'),
    });
    expect((await portal('qualcosa-di-inventato')).body.error.code).toBe(120);
    // A's secret with B's link id: refused, B untouched.
    const [, archive, , secretA] = /^(\d+)-(\d+)-(.+)$/.exec(tokenA) ?? [];
    const [, , linkB] = /^(\d+)-(\d+)-/.exec(tokenB) ?? [];
    expect((await act(`${archive}-${linkB}-${secretA}`, 'accetta')).status).toBe(403);
    // A's link acts on A only.
    await act(tokenA, 'accetta');
    expect((await portal(tokenB)).body.data.stato).toBe(1);
    expect((await portal(tokenA)).body.data.stato).toBe(2);
    await t.database.db
      .updateTable('supplier_links')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('archive_id', '=', s.archiveId)
      .where('intervento_id', '=', b.interventoId)
      .execute();
    const expired = await act(tokenB, 'accetta');
    expect(expired.status).toBe(410);
    expect(expired.body.error.message).toBe(
      "Il link è scaduto. Chiedi all'amministratore dello stabile di inviarne uno nuovo.",
    );
  });
});

describe('what the administrator sees', () => {
  it('reports the providers answers in interventionMessagesStatus and on the home page', async () => {
    const fresh = await createTestSession(t);
    const c = await insertCondominium(t.database.db, fresh.archiveId, 'Villa Serena');
    const f = await insertRegistryRow(
      t.database.db,
      'providers',
      fresh.archiveId,
      'Elettrica Gialli',
      'info@gialli.example.it',
    );
    const first = await call('GET', '/api/home', undefined, fresh);
    expect(first.body.data).toMatchObject({
      ultimaVisita: null,
      urgenti: [],
      scadute: [],
      interventiInRitardo: [],
      risposteFornitori: [],
    });

    const urgent = await call(
      'POST',
      '/api/attivita',
      { condGenID: c, titolo: 'Ascensore bloccato', priorita: 4 },
      fresh,
    );
    const overdue = await call(
      'POST',
      '/api/attivita',
      {
        condGenID: c,
        titolo: 'Verifica estintori',
        dataApertura: '2025-01-01',
        dataConcludereEntro: '2025-02-01',
      },
      fresh,
    );
    const late = await call(
      'POST',
      `/api/attivita/${overdue.body.data.id}/fornitore/${f}/intervento`,
      { operatore: 'X', dataPrevista: '2025-01-20' },
      fresh,
    );
    const planned = await call(
      'POST',
      `/api/attivita/${urgent.body.data.id}/fornitore/${f}/intervento`,
      { operatore: 'X', dataPrevista: inDays(1) },
      fresh,
    );
    expect((await call('GET', '/api/interventoFornitore/stato', undefined, fresh)).body.data).toEqual({
      dataUltimoAggiornamentoInterventi: null,
      interventiPersi: 0,
    });
    await call('POST', '/api/interventoFornitore', { interventoID: planned.body.data.id }, fresh);
    await act(lastLink(), 'accetta');
    const status = (await call('GET', '/api/interventoFornitore/stato', undefined, fresh)).body.data;
    expect(status.interventiPersi).toBe(1);
    expect(status.dataUltimoAggiornamentoInterventi).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(
      (await call('PUT', '/api/interventoFornitore/stato', undefined, fresh)).body.data.interventiPersi,
    ).toBe(0);

    const home = (await call('GET', '/api/home', undefined, fresh)).body.data;
    expect(home.urgenti.map((x: Json) => x.titolo)).toEqual(['Ascensore bloccato']);
    expect(home.scadute.map((x: Json) => x.titolo)).toEqual(['Verifica estintori']);
    expect(home.interventiInRitardo).toEqual([
      expect.objectContaining({
        interventoID: late.body.data.id,
        fornitoreDescr: 'Elettrica Gialli',
        dataPrevista: '2025-01-20',
      }),
    ]);
    // The first visit has no "since": every answer counts.
    expect(home.risposteFornitori).toEqual([
      expect.objectContaining({ titolo: 'Ascensore bloccato', azione: 'accetta', statoAssegnazione: 2 }),
    ]);
    expect(home.totali).toEqual({ aperte: 2, sospese: 0 });
  });
});

describe("the administrator's devices", () => {
  it('get a push notification when the provider answers from the link', async () => {
    const received: Buffer[] = [];
    const pushService = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push(Buffer.concat(chunks));
        response.statusCode = 201;
        response.end();
      });
    });
    await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
    try {
      const browser = fakeBrowser();
      const port = (pushService.address() as AddressInfo).port;
      await addDevice(
        t.database.db,
        s.accountId,
        JSON.stringify(browser.subscription(`http://127.0.0.1:${port}/ok/d`)),
        'web',
      );
      const ids = await intervention();
      const { token } = await send(ids);
      expect((await act(token, 'accetta')).status).toBe(200);
      await expect.poll(() => received.length, { timeout: 5000 }).toBe(1);
      const message = JSON.parse(decryptPushMessage(browser, received[0]!));
      expect(message.title).toBe('Idraulica Bianchi: Accetta');
      expect(message.body).toContain('Perdita in cantina');
      expect(message.url).toBe(`/activities?dettaglio=attivita:${ids.attivitaId}`);
    } finally {
      await new Promise((resolve) => pushService.close(resolve));
    }
  });
});
