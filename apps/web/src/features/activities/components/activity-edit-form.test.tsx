import type { ActivityDetail } from '@stabile/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { lastAccessFinished } from '../../../shared/state/general-slice.ts';
import { apiError, envelope, mockFetch, renderWithProviders } from '../../../test/render.tsx';
import { ActivityEditForm } from './activity-edit-form.tsx';

const FORM_TEST_TIMEOUT = 30_000;

const saved: ActivityDetail = {
  id: 7,
  numeroPratica: 41,
  condGenID: 3,
  intestazioneCondominio: 'Condominio Aurora',
  titolo: 'Perdita in cantina',
  descrizione: 'Acqua sul pavimento',
  stato: 1,
  gestore: 'Anna Neri',
  tipoSegnalazID: 2,
  tipoSegnalazDescr: 'Problema',
  priorita: 2,
  dataApertura: '2026-03-02',
  dataChiusura: null,
  richiedenteID: 12,
  richiedenteDescr: 'Rossi Mario',
  dataConcludereEntro: null,
  operatore: 'Anna Neri',
  nascosta: false,
  servizio: null,
  esercizioID: 5,
  avvisi: false,
  interventiInCorso: 0,
  ultimoAggiornamento: '2026-03-02T10:00:00.000Z',
  objVersion: 4,
  eventi: [],
  interventi: [],
};

let puts: Array<Record<string, unknown>>;
let answers: Array<() => Response>;

beforeEach(() => {
  puts = [];
  answers = [];
  vi.stubGlobal(
    'fetch',
    mockFetch({
      'GET /api/condominio/lista': () =>
        envelope([
          { id: 3, intestazione: 'Condominio Aurora' },
          { id: 4, intestazione: 'Residenza Belvedere' },
        ]),
      'GET /api/attivita/tipo': () =>
        envelope([
          { id: 1, descr: 'Guasto' },
          { id: 2, descr: 'Problema' },
        ]),
      'GET /api/attivita/richiedenti': () => envelope([]),
      'PUT /api/attivita/7': async (request) => {
        puts.push((await request.json()) as Record<string, unknown>);
        const answer = answers.shift();
        return answer ? answer() : envelope({ ...saved, objVersion: saved.objVersion + 1 });
      },
    }).fn,
  );
});

function setup(onReload = vi.fn(async () => undefined as ActivityDetail | undefined)) {
  const onDone = vi.fn();
  const user = userEvent.setup({ pointerEventsCheck: 0 });
  const view = renderWithProviders(<ActivityEditForm activity={saved} onDone={onDone} onReload={onReload} />);
  const form = screen.getByRole('form', { name: 'Modifica attività' });
  return { ...view, user, onDone, onReload, form };
}

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(screen.getByLabelText(label, { selector: 'input' }));
  // The dropdown is still in its opening transition for the accessibility tree of jsdom.
  await user.click(await screen.findByRole('option', { name: option, hidden: true }));
}

describe('activity edit form', () => {
  it(
    'refuses an empty title with the creation message and sends nothing',
    async () => {
      const { user, onDone } = setup();
      const title = screen.getByRole('textbox', { name: /Titolo/ });
      await user.clear(title);
      await user.click(screen.getByRole('button', { name: 'Salva' }));
      expect(title).toHaveAccessibleDescription(/Manca un campo obbligatorio/);
      expect(puts).toHaveLength(0);
      expect(onDone).not.toHaveBeenCalled();
    },
    FORM_TEST_TIMEOUT,
  );

  it(
    "shows the server's refusal (113) under its field, once, without a toast",
    async () => {
      answers.push(() =>
        Response.json(
          {
            data: null,
            error: {
              code: 113,
              status: 400,
              message: 'Richiedente inesistente. (richiedenteID)',
              details: [{ path: 'richiedenteID', message: 'Richiedente inesistente.' }],
            },
          },
          { status: 400 },
        ),
      );
      const { user, onDone } = setup();
      await user.click(screen.getByRole('button', { name: 'Salva' }));
      await screen.findByText('Richiedente inesistente.');
      expect(screen.getAllByText(/Richiedente inesistente/)).toHaveLength(1);
      expect(onDone).not.toHaveBeenCalled();
    },
    FORM_TEST_TIMEOUT,
  );

  it(
    'sends the changed fields over the saved version, keeping manager, description and exercise',
    async () => {
      const { user, onDone } = setup();
      const title = screen.getByRole('textbox', { name: /Titolo/ });
      await user.clear(title);
      await user.type(title, 'Perdita in garage');
      await choose(user, 'Priorità', 'Urgente');
      await user.click(screen.getByRole('button', { name: 'Salva' }));
      await waitFor(() => expect(onDone).toHaveBeenCalled());
      expect(puts).toEqual([
        expect.objectContaining({
          titolo: 'Perdita in garage',
          priorita: 4,
          condGenID: 3,
          tipoSegnalazID: 2,
          richiedenteID: 12,
          gestore: 'Anna Neri',
          descrizione: 'Acqua sul pavimento',
          dataApertura: '2026-03-02',
          esercizioID: 5,
          nascosta: false,
          objVersion: 4,
        }),
      ]);
      expect(await screen.findByText('Attività aggiornata')).toBeInTheDocument();
    },
    FORM_TEST_TIMEOUT,
  );

  it(
    'on a conflict keeps what was typed, reloads, and saves over the new version without losing either change',
    async () => {
      answers.push(() =>
        apiError(115, 'I dati sono stati modificati da un altro utente. Ricarica e riprova.', 409),
      );
      // Meanwhile someone else changed the title too and raised the priority.
      const fresh: ActivityDetail = {
        ...saved,
        titolo: 'Perdita nel locale caldaia',
        priorita: 3,
        objVersion: 5,
      };
      const onReload = vi.fn(async () => fresh as ActivityDetail | undefined);
      const { user, onDone } = setup(onReload);
      const title = screen.getByRole('textbox', { name: /Titolo/ });
      await user.clear(title);
      await user.type(title, 'Perdita in garage');
      await user.click(screen.getByRole('button', { name: 'Salva' }));

      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Modificata da un altro utente');
      expect(alert).toHaveTextContent('quello che hai scritto resta nel modulo');
      expect(screen.getByRole('button', { name: 'Salva' })).toBeDisabled();
      expect(title).toHaveValue('Perdita in garage');
      expect(onDone).not.toHaveBeenCalled();

      await user.click(within(alert).getByRole('button', { name: 'Ricarica' }));
      await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
      expect(onReload).toHaveBeenCalledTimes(1);
      // Mine stays, with theirs shown beside it; what only they changed is taken.
      expect(title).toHaveValue('Perdita in garage');
      expect(title).toHaveAccessibleDescription(/Un altro utente ha indicato: Perdita nel locale caldaia/);
      expect(screen.getByLabelText('Priorità', { selector: 'input' })).toHaveValue('Alta');
      expect(screen.getByRole('status')).toHaveTextContent('Versione aggiornata caricata');

      await user.click(screen.getByRole('button', { name: 'Salva' }));
      await waitFor(() => expect(onDone).toHaveBeenCalled());
      expect(puts).toHaveLength(2);
      expect(puts[1]).toMatchObject({ titolo: 'Perdita in garage', priorita: 3, objVersion: 5 });
    },
    FORM_TEST_TIMEOUT,
  );

  it(
    'opens the "PID not enabled" modal instead of hiding when the archive has no resident portal',
    async () => {
      const { user, store } = setup();
      store.dispatch(lastAccessFinished({ pid: null, mioCondominioPremiumAbilitato: false }));
      const hidden = screen.getByRole('checkbox', { name: /Nascosta ai condomini/ });
      await user.click(hidden);
      expect(store.getState().modals.status.pidNotEnabled).toBe(true);
      expect(hidden).not.toBeChecked();

      store.dispatch(lastAccessFinished({ pid: 'PID-000001', mioCondominioPremiumAbilitato: true }));
      await user.click(hidden);
      expect(hidden).toBeChecked();
    },
    FORM_TEST_TIMEOUT,
  );
});
