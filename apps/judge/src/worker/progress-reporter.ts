/** Tells the server how many cases of a task are done ("case 7/20", decision 0034), at most once per `minMs`
 * counted from the reporter's creation (a task judged within that time sends none: its report comes as soon) and
 * never two calls at once: the latest count wins, the last one is sent after the wait. Failures are only logged (the
 * progress is a courtesy to the viewer; the verdict goes by the report). */
export const createProgressReporter = (
  send: (done: number) => Promise<unknown>,
  opts: { minMs: number; log?: (msg: string) => void },
) => {
  let done = 0;
  let sent = 0;
  let lastAt = Date.now();
  let inFlight = false;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const flush = () => {
    timer = undefined;
    if (stopped || inFlight || sent === done) return;
    const wait = lastAt + opts.minMs - Date.now();
    if (wait > 0) {
      timer = setTimeout(flush, wait);
      return;
    }
    inFlight = true;
    lastAt = Date.now();
    sent = done;
    send(done)
      .catch((e) => opts.log?.(`progress not sent: ${(e as Error).message}`))
      .finally(() => {
        inFlight = false;
        if (!timer) flush();
      });
  };

  return {
    /** One more case finished. */
    caseDone() {
      done += 1;
      if (!timer) flush();
    },
    /** The task ended: nothing more is sent. */
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
};
