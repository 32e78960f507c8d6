import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { EntityDrawerError } from './entity-drawer-error.tsx';

describe('a drawer that could not load its record', () => {
  afterEach(() => vi.restoreAllMocks());

  it('online: says that loading failed and offers to retry', () => {
    renderWithProviders(<EntityDrawerError onRetry={() => undefined} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Si è verificato un errore durante il caricamento');
    expect(screen.getByRole('button', { name: 'Riprova' })).toBeVisible();
  });

  it('offline: says the record is not on the device yet, and changes when the connection returns', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderWithProviders(<EntityDrawerError onRetry={() => undefined} />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Sei offline e questi dati non sono ancora stati aperti su questo dispositivo',
    );
    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Si è verificato un errore durante il caricamento');
  });
});
