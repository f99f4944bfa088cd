/**
 * The attempt gate: the interceptor in front of the pool that every attempt of a call (the first
 * and each retry of the client's loop) passes. It waits out the backoff and the limiter, reports
 * the answer (its status, Retry-After and Date headers) to the limiter with the attempt's ticket,
 * and gives the attempt's limiter slot back however the attempt ends.
 *
 * After a 429 the limiter holds every request to the server until its rate-limit window opens, so
 * a retry waits there, first in line, rather than also waiting out its own backoff (which would
 * only add to the wait once the window opens). The call waits there at most its
 * `rateLimitMaxWaitMs`, counted from its first 429 or from when it was first held back for the window.
 */
import type { Dispatcher } from "undici";
import type { Ticket } from "../rate-limit/limiter";
import { answered, attemptSent, nextAttempt, type CallState } from "./call-state";

export type { CallState } from "./call-state";

/** Carries the call state through undici's dispatch options to the gate. */
export const CALL = Symbol("pulumi-chatwoot.call");
/** Dispatch options that may carry a {@link CallState}. */
export type WithCall = { [CALL]?: CallState };

/**
 * Runs each attempt: waits out the backoff and the limiter, then dispatches. The limiter's slot is
 * held from admission until the attempt's answer headers or its failure (see {@link AnswerObserver});
 * the backoff before a retry holds none. Requests without a {@link CALL} pass straight through.
 */
export const attemptGate: Dispatcher.DispatcherComposeInterceptor = (dispatch) => (opts, handler) => {
  const call = (opts as WithCall)[CALL];
  if (call === undefined) return dispatch(opts, handler);
  const plain: Dispatcher.DispatchOptions & WithCall = { ...opts };
  delete plain[CALL];

  const go = (ticket: Ticket): void => {
    attemptSent(call, ticket);
    const observer = new AnswerObserver(handler, call, ticket);
    try {
      dispatch(plain, observer);
    } catch (err) {
      observer.onResponseError(null as unknown as Dispatcher.DispatchController, err as Error);
    }
  };
  const { afterLimit, delayMs } = nextAttempt(call, (waitedMs) => {
    handler.onResponseError?.(null as unknown as Dispatcher.DispatchController, new Error(`gave up waiting for the rate-limit window after ${Math.round(waitedMs)} ms`));
  });
  const admit = (): void => call.limiter.whenAllowed(go, afterLimit, call.wait);
  if (delayMs > 0) setTimeout(admit, delayMs);
  else admit();
  return true;
};

/**
 * Passes everything through, noting the answer's status for the retry decision and the limiter,
 * and releasing the attempt's limiter slot exactly once: at the answer's headers (the body is
 * read at once, and the connection is free soon after), or at a failure before them (connection
 * lost, timeout, abort, a dispatch that failed at once). A slot never released would stall every
 * request to the origin, so each way out releases and a second one is a no-op.
 */
class AnswerObserver implements Dispatcher.DispatchHandler {
  private released = false;

  constructor(
    private readonly inner: Dispatcher.DispatchHandler,
    private readonly call: CallState,
    private readonly ticket: Ticket,
  ) {}

  onRequestStart(controller: Dispatcher.DispatchController, context: unknown): void {
    this.inner.onRequestStart?.(controller, context);
  }

  onRequestUpgrade(controller: Dispatcher.DispatchController, statusCode: number, headers: Record<string, string | string[] | undefined>, socket: import("node:stream").Duplex): void {
    this.release();
    this.inner.onRequestUpgrade?.(controller, statusCode, headers, socket);
  }

  onResponseStart(controller: Dispatcher.DispatchController, statusCode: number, headers: Record<string, string | string[] | undefined>, statusMessage?: string): void {
    // 1xx answers are informational; the attempt's real answer follows.
    if (statusCode >= 200) {
      const { call } = this;
      answered(call, this.ticket, statusCode, headers["retry-after"]);
      // Feedback first, so that a 429 holds back the queue before the freed slot can wake it.
      call.limiter.onAnswer(this.ticket, statusCode, call.retryAfterMs, header(headers.date));
      if (statusCode === 429) {
        call.limiter.waitingForWindow(call.wait);
      } else if (call.wait.since !== undefined) {
        call.limiter.doneWaiting(call.wait);
      }
      this.release();
    }
    this.inner.onResponseStart?.(controller, statusCode, headers, statusMessage);
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.inner.onResponseData?.(controller, chunk);
  }

  onResponseEnd(controller: Dispatcher.DispatchController, trailers: Record<string, string | string[] | undefined>): void {
    this.inner.onResponseEnd?.(controller, trailers);
  }

  onResponseError(controller: Dispatcher.DispatchController, error: Error): void {
    if (this.call.status === undefined) this.call.limiter.onNoAnswer(this.ticket);
    this.release();
    this.inner.onResponseError?.(controller, error);
  }

  private release(): void {
    if (this.released) return;
    this.released = true;
    this.call.limiter.release();
  }
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
