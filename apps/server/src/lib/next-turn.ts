/** Lets the event loop run (the requests waiting, the I/O done) before the caller goes on: long work in steps, each
 * awaiting this between, keeps the server answering meanwhile. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
