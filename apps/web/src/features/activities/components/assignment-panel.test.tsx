import type { ActivityDetail, Assignment, Intervention } from '@stabile/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { AssignmentPanel } from './assignment-panel.tsx';

const activity = { id: 7, stato: 1 } as ActivityDetail;

function intervention(stato: number | null, dataEsecuzione: string | null = null): Intervention {
  const assegnazione: Assignment | null =
    stato === null
      ? null
      : {
          interventoID: 3,
          attivitaID: 7,
          fornitoreID: 2,
          stato,
          motivazione: null,
          email: 'ditta@example.it',
          dataInvio: '2026-03-01T10:00:00.000Z',
          dataRisposta: null,
          scadenzaLink: '2026-03-31T10:00:00.000Z',
          ultimoAggiornamento: '2026-03-01T10:00:00.000Z',
          objVersion: 1,
          messaggi: [],
        };
  return {
    id: 3,
    attivitaID: 7,
    fornitoreID: 2,
    fornitoreDescr: 'Ditta',
    fornitoreEmail: 'ditta@example.it',
    descrizione: '',
    dataPrevista: null,
    dataEsecuzione,
    operatore: '',
    rinviato: false,
    motivazioneRinvio: null,
    objVersion: 1,
    assegnazione,
  };
}

const buttons = () => screen.queryAllByRole('button').map((b) => b.textContent);

describe('assignment actions follow the transition table', () => {
  it('offers only sending before the request', () => {
    renderWithProviders(<AssignmentPanel activity={activity} intervention={intervention(null)} />);
    expect(screen.getByText('Richiesta non ancora inviata')).toBeInTheDocument();
    expect(buttons()).toEqual(['Invia richiesta']);
  });

  it('offers remind, integration and cancel after sending', () => {
    renderWithProviders(<AssignmentPanel activity={activity} intervention={intervention(1)} />);
    expect(screen.getByText('Richiesta inviata')).toBeInTheDocument();
    expect(buttons()).toEqual(['Sollecita', 'Messaggio con file', 'Annulla incarico']);
  });

  it('offers re-proposing after a refusal and nothing on a closed activity', () => {
    const { unmount } = renderWithProviders(
      <AssignmentPanel activity={activity} intervention={intervention(3)} />,
    );
    expect(screen.getByText('Rifiutato')).toBeInTheDocument();
    expect(buttons()).toEqual(['Riproponi']);
    unmount();
    renderWithProviders(
      <AssignmentPanel activity={{ ...activity, stato: 0 }} intervention={intervention(2)} />,
    );
    expect(buttons()).toEqual([]);
  });

  it('offers no reminder once the intervention is marked done', () => {
    renderWithProviders(<AssignmentPanel activity={activity} intervention={intervention(2, '2026-03-05')} />);
    expect(screen.getByText('Accettato')).toBeInTheDocument();
    expect(buttons()).not.toContain('Sollecita');
    expect(buttons()).not.toContain('Messaggio con file');
  });
});
