import { LogSink } from "./log-sink.js";

/**
 * The server's stdout and stderr, each through a LogSink, once `serve` has taken them:
 * its log lines and its own lines (the first key, "listening on") then never wait for
 * their reader, and a reader that goes away never stops the server. Commands other than
 * `serve` never install them: `keys list | head -1` still ends as a Unix tool does.
 */
export interface ServerOutput {
  stdout: LogSink;
  stderr: LogSink;
}

let installed: ServerOutput | null = null;

/** Takes stdout and stderr for the server (once; later calls return the same sinks). */
export function installServerOutput(): ServerOutput {
  installed ??= { stdout: new LogSink(nonBlocking(process.stdout)), stderr: new LogSink(nonBlocking(process.stderr)) };
  return installed;
}

/**
 * Node writes to a terminal synchronously, so that a process's last lines are not lost at
 * exit: a terminal nobody reads (`docker run -t` under a stalled log collector, a held
 * Ctrl-S) would stop the whole server in a write. Made non-blocking, a terminal is written
 * as a pipe is, and LogSink.end() still gives it the last lines. setBlocking is the
 * handle's own (libuv's uv_stream_set_blocking), not public: where it is absent, as before.
 */
function nonBlocking(stream: NodeJS.WriteStream): NodeJS.WriteStream {
  if (stream.isTTY) (stream as unknown as { _handle?: { setBlocking?: (on: boolean) => unknown } })._handle?.setBlocking?.(false);
  return stream;
}

/** The server's sinks, or null in any other command. */
export function serverOutput(): ServerOutput | null {
  return installed;
}

/** On the way out: what the readers take within `deadlineMs`, then done whatever they do. */
export async function endServerOutput(deadlineMs: number): Promise<void> {
  if (installed) await Promise.all([installed.stdout.end(deadlineMs), installed.stderr.end(deadlineMs)]);
}
