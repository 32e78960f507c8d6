import { partitaIvaFromBody } from '@stabile/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyValues } from '../../../shared/ui/registry/registry-form-values.ts';
import { envelope, mockFetch, renderWithProviders } from '../../../test/render.tsx';
import { ProviderForm } from './provider-form.tsx';

const VAT_OK = partitaIvaFromBody('0123456789');
// Same number with a wrong check digit.
const VAT_WRONG = `${VAT_OK.slice(0, 10)}${(Number(VAT_OK.slice(10)) + 1) % 10}`;

/**
 * The whole long form re-renders on each change, which jsdom on a loaded CI machine takes seconds
 * over; the pointer-events check (computed styles up the tree, without Mantine's CSS here) is off.
 */
const FORM_TEST_TIMEOUT = 30_000;

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    mockFetch({
      'GET /api/nazione': () => envelope([]),
      'GET /api/titoloAnagrafica': () => envelope([]),
      'GET /api/fornitore/tipoAttivita': () => envelope([{ id: 3, testo: 'Idraulico' }]),
    }).fn,
  );
});

/** Types a whole value as a paste into the field (keystroke by keystroke re-renders this long form each time). */
async function fill(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

describe('provider form', () => {
  it(
    "refuses a wrong VAT number with 'Numero di partita iva non valido' and saves once corrected",
    async () => {
      const onSubmit = vi.fn();
      const user = userEvent.setup({ pointerEventsCheck: 0 });
      renderWithProviders(
        <ProviderForm initialValues={emptyValues()} submitLabel="Salva" onSubmit={onSubmit} />,
      );
      // Found once (the same elements across renders): the long form's accessibility tree is slow to query.
      const form = screen.getByRole('form', { name: 'Dati del fornitore' });
      const descr = screen.getByRole('textbox', { name: 'Descrizione' });
      const vat = screen.getByRole('textbox', { name: 'Partita IVA' });
      const save = screen.getByRole('button', { name: 'Salva' });

      await fill(user, descr, 'Idraulica Bianchi Srl');
      await fill(user, vat, VAT_WRONG);
      await user.click(save);

      expect(vat).toHaveAccessibleDescription('Numero di partita iva non valido');
      expect(within(form).getAllByText(/non valido/)).toHaveLength(1);
      expect(onSubmit).not.toHaveBeenCalled();

      await user.clear(vat);
      await fill(user, vat, VAT_OK);
      await user.click(save);

      expect(onSubmit).toHaveBeenCalledTimes(1);
      expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
        descr: 'Idraulica Bianchi Srl',
        partitaIva: VAT_OK,
      });
    },
    FORM_TEST_TIMEOUT,
  );
});
