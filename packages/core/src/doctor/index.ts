export { type Command, HELP, parseCommand } from './args.js';
export { exitCodeOf, formatReport } from './report.js';
export { runDoctor } from './run.js';
export type { CheckResult, CheckStatus, DoctorConfig } from './types.js';
