interface Flight<T> {
  promise: Promise<T>;
  controller: AbortController;
  askers: number;
}

/**
 * One run of a piece of work per key at a time: whoever asks for the key meanwhile shares its
 * outcome. An asker whose signal aborts leaves at once; the work itself is aborted only when every
 * asker has left, so one impatient client never fails the others.
 */
export class SingleFlight<T> {
  private readonly flights = new Map<string, Flight<T>>();

  /** `aborted` makes the error an asker gets when its own signal aborts. */
  constructor(private readonly aborted: (reason: unknown) => Error) {}

  run(key: string, work: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) return Promise.reject(this.aborted(signal.reason));
    let flight = this.flights.get(key);
    if (!flight) {
      const controller = new AbortController();
      const started: Flight<T> = { promise: Promise.resolve().then(() => work(controller.signal)), controller, askers: 0 };
      const land = () => {
        if (this.flights.get(key) === started) this.flights.delete(key);
      };
      started.promise.then(land, land);
      this.flights.set(key, started);
      flight = started;
    }
    return this.join(key, flight, signal);
  }

  /** Keys in flight now. */
  get size(): number {
    return this.flights.size;
  }

  private join(key: string, flight: Flight<T>, signal: AbortSignal | undefined): Promise<T> {
    flight.askers += 1;
    if (!signal) return flight.promise;
    return new Promise<T>((resolve, reject) => {
      const leave = () => {
        reject(this.aborted(signal.reason));
        flight.askers -= 1;
        if (flight.askers > 0) return;
        // Nobody waits any more: stop the work, and let the next asker start afresh.
        if (this.flights.get(key) === flight) this.flights.delete(key);
        flight.controller.abort(signal.reason);
      };
      signal.addEventListener("abort", leave, { once: true });
      flight.promise.then(
        (value) => {
          signal.removeEventListener("abort", leave);
          resolve(value);
        },
        (err: unknown) => {
          signal.removeEventListener("abort", leave);
          reject(err);
        },
      );
    });
  }
}
