import { describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store.ts';
import { resetState } from '../../shared/state/store-actions.ts';
import {
  commonPartsFiltersChanged,
  commonPartsPageChanged,
  currentEnvironmentSet,
  currentImplantSet,
  selectCommonPartsFilters,
  selectCurrentEnvironmentId,
  selectCurrentImplantId,
} from './common-parts-slice.ts';

describe('common parts state', () => {
  it('only one of environment or implant is current at a time', () => {
    const store = makeStore();
    store.dispatch(currentImplantSet(7));
    expect(selectCurrentImplantId(store.getState())).toBe(7);
    store.dispatch(currentEnvironmentSet(9));
    expect(selectCurrentEnvironmentId(store.getState())).toBe(9);
    expect(selectCurrentImplantId(store.getState())).toBeNull();
    store.dispatch(currentImplantSet(3));
    expect(selectCurrentEnvironmentId(store.getState())).toBeNull();
    expect(selectCurrentImplantId(store.getState())).toBe(3);
  });

  it('a changed filter goes back to page 1, a new category drops the type, another archive starts clean', () => {
    const store = makeStore();
    store.dispatch(commonPartsFiltersChanged({ categoria: 0, tipo: 1, condominioID: 4 }));
    store.dispatch(commonPartsPageChanged(3));
    expect(selectCommonPartsFilters(store.getState())).toMatchObject({
      categoria: 0,
      tipo: 1,
      pageNumber: 3,
    });
    store.dispatch(commonPartsFiltersChanged({ searchText: 'asc' }));
    expect(selectCommonPartsFilters(store.getState())).toMatchObject({ tipo: 1, pageNumber: 1 });
    store.dispatch(commonPartsFiltersChanged({ categoria: 1 }));
    expect(selectCommonPartsFilters(store.getState())).toMatchObject({
      categoria: 1,
      tipo: null,
      condominioID: 4,
    });
    store.dispatch(resetState());
    expect(selectCommonPartsFilters(store.getState())).toMatchObject({
      categoria: null,
      condominioID: null,
      searchText: '',
    });
  });
});
