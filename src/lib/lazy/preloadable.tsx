import { use, type ComponentType } from 'react';

/** A promise with the status fields React's `use` reads to answer a settled promise without suspending. */
type TrackedPromise<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

/** A component loaded on first use that can also be loaded ahead of it. */
export type PreloadableComponent<P extends object> = ComponentType<P> & {
  /** Starts loading (once; again after a failure) and answers the loading promise. */
  preload(): Promise<ComponentType<P>>;
};

/**
 * Like React.lazy, but loadable ahead of the first render: once loaded it renders at once. React.lazy suspends on
 * its first render even when its chunk has arrived, and React holds the content of a Suspense boundary that showed
 * its fallback back for up to 300 ms, so each lazy step on the way to a screen (shell, page, grid) added a pause.
 * Preloaded while the calls a screen needs are on their way, a component renders without suspending.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): PreloadableComponent<P> {
  let loading: TrackedPromise<ComponentType<P>> | undefined;
  const preload = () => {
    if (!loading || loading.status === 'rejected') {
      const promise: TrackedPromise<ComponentType<P>> = load();
      promise.status = 'pending';
      promise.then(
        (value) => {
          promise.status = 'fulfilled';
          promise.value = value;
        },
        (reason: unknown) => {
          promise.status = 'rejected';
          promise.reason = reason;
        },
      );
      loading = promise;
    }
    return loading;
  };
  function Preloaded(props: P) {
    const Component = use(preload() as Promise<ComponentType<P>>);
    return <Component {...props} />;
  }
  return Object.assign(Preloaded, { preload });
}
