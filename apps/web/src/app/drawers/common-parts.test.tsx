import { AttachmentOrigin, AttachmentReferenceType } from '@stabile/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthState } from '../../shared/state/auth-slice.ts';
import { envelope, mockFetch, renderWithProviders } from '../../test/render.tsx';
import { drawers } from './common-parts.tsx';

const account = { versione: 1, gestioneAccessi: true, tipo: 'pro' as const, nome: 'Studio' };

function auth(attachments: boolean): AuthState {
  return {
    status: 'authenticated',
    accessToken: 't',
    username: 'demo@stabile.it',
    account,
    gestioneAccessi: true,
    permissions: {
      login: 'Giulia Bianchi',
      accAllegatiOn: attachments,
      accAttivitaOn: true,
      accImpiantiOn: true,
      accPersoneOn: true,
      accFornitoriOn: true,
    },
  };
}

const libretto = {
  id: 31,
  nomeFile: 'libretto-ascensore.pdf',
  dataOra: '2026-03-02T10:15:00Z',
  chiaveDownload: 'k31',
  dimensione: 20_480,
  contentType: 'application/pdf',
  riferimento: { id: 8, tipo: AttachmentReferenceType.CommonPart },
  tipoOrigine: AttachmentOrigin.Maintenance,
  fascicoloId: null,
  codice: null,
  anno: null,
  objVersion: 1,
};

function renderPlantDrawer(attachments: boolean) {
  const api = mockFetch({ 'GET /api/allegati': () => envelope([libretto]) });
  vi.stubGlobal('fetch', api.fn);
  const plant = drawers.find((d) => d.kind === 'impianto');
  if (!plant) throw new Error('no plant drawer');
  renderWithProviders(<plant.Component id="1-8" onClose={() => undefined} />, {
    preloadedState: { auth: auth(attachments) },
  });
  return api.calls;
}

afterEach(() => vi.unstubAllGlobals());

describe("a common part's drawer", () => {
  it('lists the attachments of the plant, asked by its common-part reference, with an upload area', async () => {
    const calls = renderPlantDrawer(true);
    const list = await screen.findByRole('list', { name: 'Elenco degli allegati' });
    expect(list).toHaveTextContent('libretto-ascensore.pdf');
    expect(screen.getByRole('heading', { name: 'Allegati' })).toBeInTheDocument();
    expect(screen.getByText('Trascina qui i file o fai clic per sceglierli')).toBeInTheDocument();
    const asked = calls.map((c) => new URL(c.url)).find((u) => u.pathname === '/api/allegati');
    expect(asked?.searchParams.get('RiferimentoAllegato.ID')).toBe('8');
    expect(asked?.searchParams.get('RiferimentoAllegato.Tipo')).toBe(
      String(AttachmentReferenceType.CommonPart),
    );
  });

  it('shows no attachments, and asks for none, without the attachments area', async () => {
    const calls = renderPlantDrawer(false);
    // The detail is asked for (and answered 404 here): the drawer has rendered.
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    expect(screen.queryByRole('heading', { name: 'Allegati' })).toBeNull();
    expect(calls.some((c) => new URL(c.url).pathname === '/api/allegati')).toBe(false);
  });
});
