/** A FIFO async lock: work passed to `run` executes one at a time, in call order. */
export class Mutex {
  private tail: Promise<unknown> = Promise.resolve();

  run<R>(work: () => R | Promise<R>): Promise<R> {
    const result = this.tail.then(() => work());
    this.tail = result.catch(() => undefined);
    return result;
  }
}
