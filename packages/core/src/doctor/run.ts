/** Runs the doctor's checks in order; a check that cannot run after a failure is skipped. */
import { Agent } from 'undici';
import { checkBaseUrl, checkDiscovery, checkKeyAndBlogs, doctorClient } from './checks.js';
import { checkCors } from './cors.js';
import { type CheckResult, type DoctorConfig, result } from './types.js';

export async function runDoctor(config: DoctorConfig): Promise<CheckResult[]> {
  const { check, url } = checkBaseUrl(config);
  if (url === undefined) {
    return [
      check,
      ...skipped(['Discovery', 'API key', 'Blogs', 'CORS preflight'], 'valid base URL'),
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
    return [check, discovery, ...skipped(['API key', 'Blogs', 'CORS preflight'], 'reachable API')];
  }
  const keyed = await checkKeyAndBlogs(url, config);
  const agent = new Agent({ connect: { timeout: config.timeout } });
  try {
    return [check, discovery, ...keyed, await checkCors(url, config, agent)];
  } finally {
    await agent.close();
  }
}

function skipped(names: string[], needs: string): CheckResult[] {
  return names.map((name) => result(name, 'skip', `needs a ${needs}`));
}
