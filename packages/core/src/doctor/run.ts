/** Runs the doctor's checks in order; a check that cannot run after a failure is skipped. */
import { Agent } from 'undici';
import { checkBaseUrl, checkDiscovery, checkKeyAndBlogs, doctorClient } from './checks.js';
import { checkCors } from './cors.js';
import { checkLinks } from './links.js';
import { type CheckResult, type DoctorConfig, result } from './types.js';

export async function runDoctor(config: DoctorConfig): Promise<CheckResult[]> {
  const { check, url } = checkBaseUrl(config);
  // Listed only when asked for (--links), last: it reads every article.
  const links = config.links ? ['Links'] : [];
  if (url === undefined) {
    return [
      check,
      ...skipped(['Discovery', 'API key', 'Blogs', 'CORS preflight', ...links], 'valid base URL'),
    ];
  }
  // Discovery is public: this client holds no key, so a malformed one cannot stop it.
  const publicClient = doctorClient(url, config);
  let discovery: CheckResult;
  try {
    discovery = await checkDiscovery(publicClient);
  } finally {
    await publicClient.close();
  }
  if (discovery.status === 'fail') {
    return [
      check,
      discovery,
      ...skipped(['API key', 'Blogs', 'CORS preflight', ...links], 'reachable API'),
    ];
  }
  const keyed = await checkKeyAndBlogs(url, config);
  const agent = new Agent({ connect: { timeout: config.timeout } });
  let cors: CheckResult;
  try {
    cors = await checkCors(url, config, agent);
  } finally {
    await agent.close();
  }
  if (!config.links) return [check, discovery, ...keyed, cors];
  const keyWorks = keyed.some((c) => c.name === 'API key' && c.status === 'ok');
  const linked = keyWorks
    ? [await checkLinks(url, config, config.links)]
    : skipped(links, 'working key');
  return [check, discovery, ...keyed, cors, ...linked];
}

function skipped(names: string[], needs: string): CheckResult[] {
  return names.map((name) => result(name, 'skip', `needs a ${needs}`));
}
