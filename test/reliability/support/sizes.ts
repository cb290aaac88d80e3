/** `npm run test:soak` sets SOAK=1: the reliability suites then run at the full sizes. */
export const SOAK = process.env.SOAK === '1';

export const sizes = SOAK
  ? { chaosArticles: 10_000, chaosRuns: 20, loadSeconds: 10, loadConnections: 200 }
  : { chaosArticles: 400, chaosRuns: 2, loadSeconds: 2, loadConnections: 200 };
