import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { DueBadge, InterventionDisplayBadge, PriorityBadge } from './activity-badges.tsx';

const TODAY = '2026-03-15';

describe('intervention display', () => {
  const cases: Array<[string | null, string | null, string]> = [
    ['2026-03-20', null, 'Previsto tra 5 giorni'],
    ['2026-03-16', null, 'Previsto domani'],
    ['2026-03-15', null, 'Previsto oggi'],
    [null, null, 'Data non definita'],
    ['2026-03-14', null, 'In ritardo di 1 giorno'],
    ['2026-03-05', null, 'In ritardo di 10 giorni'],
    ['2026-03-01', '2026-03-15', 'Svolto oggi'],
    ['2026-03-01', '2026-03-14', 'Svolto ieri'],
    [null, '2026-03-08', 'Svolto 7 giorni fa'],
  ];
  it.each(cases)('expected %s, done %s reads "%s"', (dataPrevista, dataEsecuzione, text) => {
    renderWithProviders(
      <InterventionDisplayBadge dataPrevista={dataPrevista} dataEsecuzione={dataEsecuzione} today={TODAY} />,
    );
    expect(screen.getByText(text)).toBeInTheDocument();
  });
});

describe('activity badges', () => {
  it('flags an open activity past its due date as overdue, not a closed one', () => {
    const { unmount } = renderWithProviders(<DueBadge due="2026-03-10" stato={1} today={TODAY} />);
    expect(screen.getByText('Scaduta il 10/03/2026')).toBeInTheDocument();
    unmount();
    renderWithProviders(<DueBadge due="2026-03-10" stato={0} today={TODAY} />);
    expect(screen.getByText('Entro il 10/03/2026')).toBeInTheDocument();
  });

  it('labels priorities in Italian', () => {
    renderWithProviders(
      <>
        <PriorityBadge priorita={1} />
        <PriorityBadge priorita={4} />
      </>,
    );
    expect(screen.getByText('Bassa')).toBeInTheDocument();
    expect(screen.getByText('Urgente')).toBeInTheDocument();
  });
});
