/**
 * Step 10: a log that stays readable under attack. The first line of each cause is written at
 * once; later ones within `windowMs` are counted, and the count is written with the next line
 * of that cause after the window (no timer: nothing runs between requests on serverless). The
 * causes are a short, fixed list (error codes), bounded anyway.
 */
export type WindowedLog = (cause: string, line: string) => void;

const MAX_CAUSES = 100;

export function windowedLog(
  write: (line: string) => void,
  windowMs = 60_000,
  now: () => number = Date.now,
): WindowedLog {
  const causes = new Map<string, { since: number; held: number }>();
  return (cause, line) => {
    const at = now();
    const known = causes.get(cause);
    if (known && at - known.since < windowMs) {
      known.held++;
      return;
    }
    const more = known?.held
      ? ` (${known.held} more like it in the ${Math.round((at - known.since) / 1000)} s before)`
      : '';
    causes.delete(cause);
    if (causes.size >= MAX_CAUSES) causes.delete(causes.keys().next().value as string);
    causes.set(cause, { since: at, held: 0 });
    write(`${line}${more}`);
  };
}
