/**
 * Forwards a caller's abort to our per-call controllers with one listener per caller signal.
 * AbortSignal.any leaks on long-lived signals in Node 20, and a listener per call trips
 * MaxListenersExceededWarning when many calls share one signal (e.g. a shutdown signal).
 */
export class SignalLinks {
  private readonly links = new WeakMap<AbortSignal, Set<AbortController>>();

  /** Aborts `inner` when `outer` aborts; returns the unlink function. */
  follow(outer: AbortSignal, inner: AbortController): () => void {
    if (outer.aborted) {
      inner.abort(outer.reason);
      return () => {};
    }
    let followers = this.links.get(outer);
    if (!followers) {
      const set = new Set<AbortController>();
      followers = set;
      this.links.set(outer, set);
      outer.addEventListener(
        "abort",
        () => {
          for (const controller of set) controller.abort(outer.reason);
          set.clear();
        },
        { once: true },
      );
    }
    followers.add(inner);
    const set = followers;
    return () => {
      set.delete(inner);
    };
  }
}
