import { describe, expect, it } from 'vitest';
import {
  currentInstalmentSet,
  instalmentFiltersChanged,
  instalmentPageChanged,
  instalmentsSlice,
} from './instalments-slice.ts';

const reducer = instalmentsSlice.reducer;

describe('instalments slice', () => {
  it('clearing the current instalment clears the set of its instalment ids', () => {
    let state = reducer(undefined, currentInstalmentSet({ id: '1-2-a3', instalmentIds: [10, 11, 12] }));
    expect(state.current).toBe('1-2-a3');
    expect(state.currentIds).toEqual([10, 11, 12]);
    state = reducer(state, currentInstalmentSet(null));
    expect(state.current).toBeNull();
    expect(state.currentIds).toEqual([]);
  });

  it('a filter change goes back to the first page; another condominium forgets the exercise', () => {
    let state = reducer(undefined, instalmentFiltersChanged({ condominioId: 1, esercizioId: 5 }));
    state = reducer(state, instalmentPageChanged(3));
    expect(state.filters.pageNumber).toBe(3);
    state = reducer(state, instalmentFiltersChanged({ onlyExpired: true }));
    expect(state.filters).toMatchObject({ pageNumber: 1, onlyExpired: true, esercizioId: 5 });
    state = reducer(state, instalmentFiltersChanged({ condominioId: 2 }));
    expect(state.filters).toMatchObject({ condominioId: 2, esercizioId: null });
  });
});
