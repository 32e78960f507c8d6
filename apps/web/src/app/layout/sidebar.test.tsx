import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AuthState } from '../../shared/state/auth-slice.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { Sidebar } from './sidebar.tsx';

const account = { versione: 1, gestioneAccessi: true, tipo: 'pro' as const, nome: 'Studio' };

function auth(overrides: Partial<AuthState>): AuthState {
  return {
    status: 'authenticated',
    accessToken: 't',
    username: 'demo@stabile.it',
    account,
    gestioneAccessi: false,
    permissions: null,
    ...overrides,
  };
}

describe('sidebar', () => {
  it('shows both groups with every area when access management is off', () => {
    renderWithProviders(<Sidebar />, { preloadedState: { auth: auth({}) } });
    const nav = screen.getByRole('navigation', { name: 'Navigazione principale' });
    for (const name of ['Condomini', 'Rate', 'Attività', 'Parti comuni', 'Contatti', 'Fornitori']) {
      expect(nav).toContainElement(screen.getByRole('link', { name }));
    }
  });

  it('hides the areas the archive user may not access', () => {
    renderWithProviders(<Sidebar />, {
      preloadedState: {
        auth: auth({
          gestioneAccessi: true,
          permissions: {
            login: 'Giulia Bianchi',
            accAllegatiOn: false,
            accAttivitaOn: true,
            accImpiantiOn: false,
            accPersoneOn: true,
            accFornitoriOn: false,
          },
        }),
      },
    });
    expect(screen.getByRole('link', { name: 'Attività' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contatti' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Condomini' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Fornitori' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Parti comuni' })).not.toBeInTheDocument();
  });
});
