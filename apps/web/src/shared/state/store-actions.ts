import { createAction } from '@reduxjs/toolkit';

/**
 * Actions every slice may react to (spec section 4).
 * - `resetState`: the archive changed or was unset; archive data (activities, contacts, providers,
 *   condominiums, common parts, instalments) goes back to its initial state. Feature slices handle it
 *   in `extraReducers`: `builder.addCase(resetState, () => initialState)`.
 * - `loggedOut`: the session ended. The root reducer resets EVERY slice (injected ones included) to its
 *   initial state, so features need not handle it.
 */
export const resetState = createAction('app/resetState');
export const loggedOut = createAction('app/loggedOut');
