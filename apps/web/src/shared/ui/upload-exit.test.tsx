import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Link, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
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

  it('closes at once when nothing is uploading', async () => {
    const leave = vi.fn();
    renderWithProviders(<UploadExitModal />);
    confirmUploadExit(leave);
    expect(leave).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
