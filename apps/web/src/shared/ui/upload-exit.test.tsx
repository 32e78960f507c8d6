import { MantineProvider } from '@mantine/core';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, Link, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../app/theme.ts';
import { i18n } from '../../i18n/i18n.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { installFirstPopstate } from './first-popstate.ts';
import { confirmUploadExit, UploadExitModal, useUploadInProgress } from './upload-exit.tsx';

function Uploading({ stop }: { stop: () => void }) {
  const [active, setActive] = useState(true);
  useUploadInProgress(active, () => {
    stop();
    setActive(false);
  });
  return (
    <>
      <Link to="/altrove">Vai altrove</Link>
      <button type="button" onClick={() => confirmUploadExit(() => setActive(false))}>
        Chiudi la scheda
      </button>
      <span>{active ? 'in corso' : 'fermo'}</span>
    </>
  );
}

function App({ stop }: { stop: () => void }) {
  return (
    <>
      <UploadExitModal />
      <Routes>
        <Route path="/" element={<Uploading stop={stop} />} />
        <Route path="/altrove" element={<p>Pagina altrove</p>} />
      </Routes>
    </>
  );
}

// As main.tsx does: before any router listens.
installFirstPopstate();
afterEach(() => window.history.replaceState(null, '', '/'));

describe('leaving while files are uploading', () => {
  it('asks before following a link; staying keeps the uploads, leaving stops them and goes', async () => {
    const stop = vi.fn();
    renderWithProviders(<App stop={stop} />);
    await userEvent.click(screen.getByRole('link', { name: 'Vai altrove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Caricamento in corso' });
    expect(dialog).toHaveTextContent('il caricamento verrà interrotto');
    await userEvent.click(screen.getByRole('button', { name: 'Resta qui' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(stop).not.toHaveBeenCalled();
    expect(screen.getByText('in corso')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Vai altrove' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Interrompi ed esci' }));
    expect(stop).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Pagina altrove')).toBeInTheDocument();
  });

  it("asks before the browser's back: staying keeps the page and the uploads, leaving stops them and goes back", async () => {
    window.history.replaceState(null, '', '/');
    const stop = vi.fn();
    render(
      <I18nextProvider i18n={i18n}>
        <MantineProvider theme={theme}>
          <BrowserRouter>
            <UploadExitModal />
            <Routes>
              <Route
                path="/"
                element={
                  <>
                    <p>Pagina iniziale</p>
                    <Link to="/scheda">Apri la scheda</Link>
                  </>
                }
              />
              <Route path="/scheda" element={<Uploading stop={stop} />} />
            </Routes>
          </BrowserRouter>
        </MantineProvider>
      </I18nextProvider>,
    );
    // Nothing uploads yet: the link goes. On the new page the upload starts.
    await userEvent.click(screen.getByRole('link', { name: 'Apri la scheda' }));
    expect(await screen.findByText('in corso')).toBeInTheDocument();

    await act(async () => window.history.back());
    await userEvent.click(await screen.findByRole('button', { name: 'Resta qui' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(window.location.pathname).toBe('/scheda'));
    expect(screen.getByText('in corso')).toBeInTheDocument();
    expect(stop).not.toHaveBeenCalled();

    await act(async () => window.history.back());
    await userEvent.click(await screen.findByRole('button', { name: 'Interrompi ed esci' }));
    expect(stop).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Pagina iniziale')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
  });

  it('closes at once when nothing is uploading', async () => {
    const leave = vi.fn();
    renderWithProviders(<UploadExitModal />);
    confirmUploadExit(leave);
    expect(leave).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
