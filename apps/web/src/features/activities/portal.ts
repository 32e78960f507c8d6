import { useAppDispatch, useAppSelector } from '../../shared/hooks.ts';
import { selectMioCondominioInfo } from '../../shared/state/general-slice.ts';
import { modalOpened } from '../../shared/state/modals-slice.ts';

/**
 * The resident portal (MioCondominio) of the current archive. Its premium flag and PID come with the
 * last-access update (spec sections 3 and 4): without them the portal publishes nothing, so hiding an
 * activity from it means nothing and the "PID not enabled" modal explains why instead. Before the first
 * last-access answer the state is unknown and nothing is refused.
 */
export function usePortal() {
  const info = useAppSelector(selectMioCondominioInfo);
  const dispatch = useAppDispatch();
  const enabled = info === null || (info.mioCondominioPremiumAbilitato && Boolean(info.pid));
  return { enabled, explainNotEnabled: () => dispatch(modalOpened('pidNotEnabled')) };
}
