import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

type PropsOf<C> = C extends ComponentType<infer P> ? P : never;

/**
 * A named export loaded on first render: drawers register their metadata at start and load their
 * content only when one opens (keeps each page's JavaScript within its budget, decision 0022).
 */
export function lazyNamed<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<ComponentType<PropsOf<M[K]>>> {
  return lazy(() =>
    load().then((module) => ({ default: module[name] as unknown as ComponentType<PropsOf<M[K]>> })),
  );
}
