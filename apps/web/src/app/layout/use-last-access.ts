import { LAST_ACCESS_EXCLUDED_PATH } from '@stabile/contract';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { archivesApi } from '../../shared/api/archives-api.ts';
import { useAppDispatch, useAppSelector } from '../../shared/hooks.ts';
import { lastAccessFinished, lastAccessStarted, selectArchive } from '../../shared/state/general-slice.ts';

/**
 * Spec section 4: on every route change, with an archive current and outside the excluded path, the
 * archive's last access is updated (flag: is this the activities route); the answer sets the premium
 * info. The top bar shows a spinner meanwhile.
 */
export function useLastAccess(): void {
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const archiveId = useAppSelector(selectArchive)?.id;

  useEffect(() => {
    if (archiveId === undefined || pathname === LAST_ACCESS_EXCLUDED_PATH) return;
    let active = true;
    dispatch(lastAccessStarted());
    const request = dispatch(
      archivesApi.endpoints.lastAccess.initiate({ attivita: pathname.startsWith('/activities') }),
    );
    request
      .unwrap()
      .then((info) => {
        if (active) dispatch(lastAccessFinished(info));
      })
      .catch(() => {
        if (active) dispatch(lastAccessFinished(null));
      })
      .finally(() => request.reset());
    return () => {
      active = false;
      dispatch(lastAccessFinished(null));
    };
  }, [dispatch, pathname, archiveId]);
}
