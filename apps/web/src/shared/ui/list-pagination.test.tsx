import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { ListPagination } from './list-pagination.tsx';

const pages = (totalPages: number) => ({
  totalCount: totalPages * 15,
  currentPage: 1,
  pageSize: 15,
  totalPages,
});

describe('the pages of a list', () => {
  it('shows nothing for a single page', () => {
    renderWithProviders(<ListPagination pagination={pages(1)} page={1} onChange={() => undefined} />);
    expect(screen.queryByRole('button', { name: 'Successiva' })).toBeNull();
  });

  it('names its arrows in Italian and moves to the page chosen', async () => {
    const onChange = vi.fn();
    renderWithProviders(<ListPagination pagination={pages(4)} page={2} onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Successiva' }));
    expect(onChange).toHaveBeenLastCalledWith(3);
    await userEvent.click(screen.getByRole('button', { name: 'Precedente' }));
    expect(onChange).toHaveBeenLastCalledWith(1);
    await userEvent.click(screen.getByRole('button', { name: '4' }));
    expect(onChange).toHaveBeenLastCalledWith(4);
  });
});
