import { useEffect } from 'react';
import { useAppDispatch } from '../shared/hooks.ts';
import { connectionChanged, measureViewport, viewportChanged } from '../shared/state/general-slice.ts';

/** Keeps the viewport (mobile mode) and the connection status of the general slice up to date. */
export function StoreEffects() {
  const dispatch = useAppDispatch();

  useEffect(() => {
    let frame = 0;
    const onResize = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => dispatch(viewportChanged(measureViewport())));
    };
    const online = () => dispatch(connectionChanged('online'));
    const offline = () => dispatch(connectionChanged('offline'));
    window.addEventListener('resize', onResize);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    dispatch(viewportChanged(measureViewport()));
    dispatch(connectionChanged(navigator.onLine ? 'online' : 'offline'));
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', onResize);
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  }, [dispatch]);

  return null;
}
