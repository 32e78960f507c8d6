import { EsportaApi } from '@stabile/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store.ts';
import { apiError, mockFetch, renderWithProviders } from '../../test/render.tsx';
import type { CurrentArchive } from '../state/general-slice.ts';
import { ExportMenu } from './export-menu.tsx';

const downloadFile = vi.hoisted(() => vi.fn());
vi.mock('../native/native-bridge.ts', async (original) => ({
  ...(await original<typeof import('../native/native-bridge.ts')>()),
  downloadFile,
}));

function session() {
  const base = makeStore().getState();
  return {
    auth: { ...base.auth, status: 'authenticated' as const, accessToken: 'token-di-prova' },
    general: { ...base.general, archive: { id: 7 } as CurrentArchive },
  };
}

/** A CSV arriving in two pieces, as a stream does. */
function csvAnswer() {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode('\uFEFFNumero pratica;Titolo\r\n1;Perdita\r\n'));
      controller.enqueue(encoder.encode('2;Cancello\r\n'));
      controller.close();
    },
  });
  return new Response(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="attivita-2026-11-26.csv"; filename*=UTF-8''attivita-2026-11-26.csv`,
    },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  downloadFile.mockReset();
});

describe('export menu', () => {
  it("downloads the list's filters (not its page) with the session's headers, then saves the file", async () => {
    const fetch = mockFetch({ 'GET /api/attivita/esporta': () => csvAnswer() });
    vi.stubGlobal('fetch', fetch.fn);
    // jsdom has no object URLs.
    Object.assign(URL, { createObjectURL: () => 'blob:esportazione', revokeObjectURL: () => {} });
    renderWithProviders(
      <ExportMenu
        endpoint={EsportaApi.attivita}
        query={{ pageNumber: 3, pageSize: 15, stato: 1, gestore: '' }}
      />,
      { preloadedState: session() },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Esporta' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /CSV/ }));
    await waitFor(() =>
      expect(downloadFile).toHaveBeenCalledWith('blob:esportazione', 'attivita-2026-11-26.csv'),
    );
    const request = fetch.calls[0];
    const url = new URL(request?.url ?? '');
    expect(Object.fromEntries(url.searchParams)).toEqual({ stato: '1', formato: 'csv' });
    expect(request?.headers.get('authorization')).toBe('Bearer token-di-prova');
    expect(request?.headers.get('x-archive-id')).toBe('7');
    expect(await screen.findByText('Il file attivita-2026-11-26.csv è stato salvato.')).toBeInTheDocument();
  });

  it("shows the catalogue's message when the export is refused, and saves nothing", async () => {
    const refused = apiError(113, 'Formato non valido: scegliere CSV o Excel (csv, xlsx).', 400);
    vi.stubGlobal('fetch', mockFetch({ 'GET /api/persona/esporta': () => refused }).fn);
    renderWithProviders(<ExportMenu endpoint={EsportaApi.contatti} query={{}} />, {
      preloadedState: session(),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Esporta' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Excel/ }));
    expect(await screen.findByText(/Formato non valido/)).toBeInTheDocument();
    expect(downloadFile).not.toHaveBeenCalled();
  });
});
