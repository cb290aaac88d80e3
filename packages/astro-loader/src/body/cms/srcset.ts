import parseSrcset from '@prettier/parse-srcset';

/**
 * A `srcset` with every candidate's URL checked (and resolved) by `url`, written back in one
 * form: `url descriptor, url descriptor`. Parsed by the HTML standard's algorithm, so commas
 * inside URLs (image CDNs: `w_424,c_limit,q_auto:good`) stay part of the URL. A candidate whose
 * URL `url` refuses is left out; '' when none is left or the attribute does not parse (the
 * element keeps its `src`).
 */
export function cleanSrcset(value: string, url: (candidate: string) => string | undefined): string {
  let candidates: ReturnType<typeof parseSrcset>;
  try {
    candidates = parseSrcset(value);
  } catch {
    return '';
  }
  const kept: string[] = [];
  for (const { source, width, height, density } of candidates) {
    const checked = url(source.value);
    if (checked === undefined || /[\s,]$|^,/.test(checked)) continue;
    const descriptors = [
      width && `${width.value}w`,
      height && `${height.value}h`,
      density && `${density.value}x`,
    ].filter(Boolean);
    kept.push([checked, ...descriptors].join(' '));
  }
  return kept.join(', ');
}
