/** The doctor's checklist as text; everything printed passes through the key redactor. */
import { redactSecrets } from '../redact.js';
import type { CheckResult, CheckStatus, DoctorConfig } from './types.js';

const MARK: Record<CheckStatus, string> = {
  ok: 'ok  ',
  warn: 'WARN',
  info: 'info',
  fail: 'FAIL',
  skip: 'skip',
};

export function formatReport(config: DoctorConfig, checks: CheckResult[]): string {
  const width = Math.max(...checks.map((c) => c.name.length));
  const key = config.key === undefined ? 'no key' : `key from ${config.keySource} (not shown)`;
  const lines = ['Content Read API doctor', `  ${config.url ?? 'no base URL'}, ${key}`, ''];
  for (const c of checks) {
    lines.push(`  [${MARK[c.status]}] ${c.name.padEnd(width)}  ${c.summary}`);
    for (const d of c.details) lines.push(`         ${' '.repeat(width)}  ${d}`);
  }
  const failed = checks.filter((c) => c.status === 'fail').length;
  const warned = checks.filter((c) => c.status === 'warn').length;
  const warnings = warned === 0 ? '' : ` (${warned} warning${warned === 1 ? '' : 's'})`;
  lines.push(
    '',
    failed === 0
      ? `No problem found${warnings}.`
      : `${failed} problem${failed === 1 ? '' : 's'} found${warnings}.`,
  );
  const secrets = config.key === undefined ? [] : [config.key];
  return `${redactSecrets(lines.join('\n'), secrets)}\n`;
}

/** 1 when any check failed, else 0 (warnings and skips after a failure do not count). */
export function exitCodeOf(checks: CheckResult[]): number {
  return checks.some((c) => c.status === 'fail') ? 1 : 0;
}
