import { computeCodiceFiscale } from '@stabile/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyValues } from '../../../shared/ui/registry/registry-form-values.ts';
import { envelope, mockFetch, renderWithProviders } from '../../../test/render.tsx';
import { ContactForm } from './contact-form.tsx';

const CF_MARIO = computeCodiceFiscale({
  nome: 'Mario',
  cognome: 'Rossi',
  dataNascita: '1970-05-12',
  sesso: 'M',
  codiceComune: 'F205',
});
// Same code with a wrong control character.
const CF_WRONG = `${CF_MARIO.slice(0, 15)}${CF_MARIO.endsWith('A') ? 'B' : 'A'}`;

let lookups: ReturnType<typeof mockFetch>;

beforeEach(() => {
  // The server's answers, at the fetch level: the form and its lookups run for real.
  lookups = mockFetch({
    'GET /api/nazione': () => envelope([{ id: 1, testo: 'Italia' }]),
    'GET /api/titoloAnagrafica': () => envelope([{ id: 1, testo: 'Sig.' }]),
    'GET /api/localita': (request) => {
      const cap = new URL(request.url).searchParams.get('cap');
      return envelope(cap === '20121' ? [{ cap: '20121', citta: 'Milano', prov: 'MI' }] : []);
    },
  });
  vi.stubGlobal('fetch', lookups.fn);
});

/**
 * The whole long form re-renders on each change, which jsdom on a loaded CI machine takes seconds
 * over; the pointer-events check (computed styles up the tree, without Mantine's CSS here) is off.
 */
const FORM_TEST_TIMEOUT = 30_000;

/**
 * Renders the form and finds its fields once, by role and Italian label (React keeps the same
 * elements across renders; querying the long form's accessibility tree again each step is slow).
 */
function renderForm() {
  const onSubmit = vi.fn();
  renderWithProviders(<ContactForm initialValues={emptyValues()} submitLabel="Salva" onSubmit={onSubmit} />);
  const textbox = (name: string) => screen.getByRole('textbox', { name });
  return {
    onSubmit,
    user: userEvent.setup({ pointerEventsCheck: 0 }),
    form: screen.getByRole('form', { name: 'Dati del contatto' }),
    descr: textbox('Descrizione'),
    codiceFiscale: textbox('Codice fiscale'),
    email: textbox('Email'),
    cap: textbox('CAP'),
    citta: screen.getByRole('combobox', { name: 'Città' }),
    provincia: textbox('Provincia'),
    save: screen.getByRole('button', { name: 'Salva' }),
  };
}

/** Types a whole value as a paste into the field (keystroke by keystroke re-renders this long form each time). */
async function fill(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

describe('contact form', () => {
  it(
    "refuses a wrong fiscal code with 'Codice fiscale non valido' and saves once corrected",
    async () => {
      const f = renderForm();
      expect(f.form).toBeInTheDocument();
      await fill(f.user, f.descr, 'Rossi Mario');
      await fill(f.user, f.codiceFiscale, CF_WRONG);
      await f.user.click(f.save);

      expect(f.codiceFiscale).toHaveAccessibleDescription('Codice fiscale non valido');
      expect(f.codiceFiscale).toBeInvalid();
      expect(f.onSubmit).not.toHaveBeenCalled();

      await f.user.clear(f.codiceFiscale);
      await fill(f.user, f.codiceFiscale, CF_MARIO);
      expect(f.codiceFiscale).not.toHaveAccessibleDescription('Codice fiscale non valido');
      await f.user.click(f.save);

      expect(f.onSubmit).toHaveBeenCalledTimes(1);
      expect(f.onSubmit.mock.calls[0]?.[0]).toMatchObject({ descr: 'Rossi Mario', codiceFiscale: CF_MARIO });
    },
    FORM_TEST_TIMEOUT,
  );

  it(
    'shows only the first error, then the next one once the first is fixed',
    async () => {
      const f = renderForm();
      await fill(f.user, f.codiceFiscale, CF_WRONG);
      await fill(f.user, f.email, 'mario@');
      await f.user.click(f.save);

      expect(f.descr).toHaveAccessibleDescription('Manca un campo obbligatorio');
      expect(f.codiceFiscale).not.toHaveAttribute('aria-invalid');
      expect(f.email).not.toHaveAttribute('aria-invalid');
      expect(within(f.form).getAllByText(/non valido|obbligatorio/)).toHaveLength(1);

      await fill(f.user, f.descr, 'Rossi Mario');
      await f.user.click(f.save);

      expect(f.codiceFiscale).toHaveAccessibleDescription('Codice fiscale non valido');
      expect(f.descr).not.toHaveAttribute('aria-invalid');
      expect(within(f.form).getAllByText(/non valido|obbligatorio/)).toHaveLength(1);
      expect(f.onSubmit).not.toHaveBeenCalled();
    },
    FORM_TEST_TIMEOUT,
  );

  it(
    'fills city and province from a typed CAP',
    async () => {
      const f = renderForm();
      await fill(f.user, f.cap, '20121');

      await waitFor(() => expect(f.provincia).toHaveValue('MI'));
      expect(f.citta).toHaveValue('Milano');
      expect(f.cap).toHaveValue('20121');
      const asked = lookups.calls.filter((r) => new URL(r.url).pathname === '/api/localita');
      expect(asked.map((r) => new URL(r.url).searchParams.get('cap'))).toEqual(['20121']);
    },
    FORM_TEST_TIMEOUT,
  );
});
