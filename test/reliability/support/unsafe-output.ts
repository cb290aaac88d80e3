import { parseDocument } from 'htmlparser2';

/** The part of domhandler's nodes read here (elements have a name and attributes). */
interface Node {
  name?: string;
  attribs?: Record<string, string>;
  children?: Node[];
}

/** Elements sanitised output must never hold (iframes and MathML only as below). */
const FORBIDDEN_TAGS = new Set([
  'script', 'style', 'base', 'meta', 'link', 'form', 'frame', 'frameset', 'object',
  'embed', 'svg', 'template', 'noscript', 'button', 'textarea', 'select', 'annotation-xml',
  'maction', 'mglyph',
]); // biome-ignore format: a list

/**
 * An iframe may only be a player the sanitiser wrote: https on a player host it knows, and
 * nothing but its fixed attributes, sandboxed, the style only the aspect ratio.
 */
const PLAYER_HOSTS = new Set([
  'www.youtube-nocookie.com', 'player.vimeo.com', 'codepen.io', 'open.spotify.com',
  'w.soundcloud.com', 'www.loom.com',
]); // biome-ignore format: a list
const IFRAME_ATTRIBUTES = new Set([
  'src', 'title', 'width', 'height', 'style', 'loading', 'sandbox', 'allow', 'allowfullscreen',
  'referrerpolicy', 'data-embed',
]); // biome-ignore format: a list
const IFRAME_STYLE = /^aspect-ratio: \d+ \/ \d+; width: 100%; height: auto$/;

function iframeDangers(attribs: Record<string, string>): string[] {
  const found = Object.keys(attribs)
    .filter((name) => !IFRAME_ATTRIBUTES.has(name))
    .map((name) => `iframe ${name}`);
  let host = '';
  try {
    const url = new URL(attribs.src ?? '');
    host = url.protocol === 'https:' && !url.username && !url.port ? url.hostname : '';
  } catch {}
  if (!PLAYER_HOSTS.has(host)) found.push(`iframe src=${(attribs.src ?? '').slice(0, 40)}`);
  if (attribs.sandbox === undefined || /allow-top-navigation/.test(attribs.sandbox))
    found.push('iframe without its sandbox');
  if (attribs.style !== undefined && !IFRAME_STYLE.test(attribs.style)) found.push('iframe style');
  return found;
}

/** MathML Core's presentation elements: inside `<math>`, nothing else. */
const MATHML = new Set([
  'math', 'annotation', 'merror', 'mfrac', 'mi', 'mmultiscripts', 'mn', 'mo', 'mover', 'mpadded',
  'mphantom', 'mprescripts', 'mroot', 'mrow', 'ms', 'mspace', 'msqrt', 'mstyle', 'msub',
  'msubsup', 'msup', 'mtable', 'mtd', 'mtext', 'mtr', 'munder', 'munderover', 'none', 'semantics',
  'menclose',
]); // biome-ignore format: a list

const URL_ATTRIBUTES = new Set([
  'href', 'src', 'srcset', 'cite', 'longdesc', 'poster', 'action', 'formaction', 'data',
  'background', 'xlink:href', 'itemtype', 'usemap', 'manifest', 'ping', 'dynsrc', 'lowsrc',
]); // biome-ignore format: a list

const RASTER_DATA = /^data:image\/(?:png|gif|jpeg|webp|avif);/;

/** As a browser reads a URL's scheme: no whitespace or control characters, any case. */
function scheme(url: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers skip them in a scheme
  return url.replace(/[\u0000-\u0020\u007f]/g, '').toLowerCase();
}

/**
 * Everything dangerous in sanitised HTML, read as a parser reads it: forbidden elements,
 * iframes other than the players the sanitiser writes, anything but MathML in `<math>`, event
 * handlers, `style`/`srcdoc`, and javascript:/vbscript:/data: URLs (raster images in `<img src>`
 * apart). Empty when the output is safe.
 */
export function dangers(html: string): string[] {
  const found: string[] = [];
  const walk = (nodes: Node[], inMath: boolean) => {
    for (const node of nodes) {
      const tag = node.name;
      if (!tag || !node.attribs) continue;
      if (FORBIDDEN_TAGS.has(tag)) found.push(`<${tag}>`);
      if (tag === 'iframe') found.push(...iframeDangers(node.attribs));
      if (inMath !== MATHML.has(tag) && !(tag === 'math' && !inMath))
        found.push(inMath ? `<${tag}> in <math>` : `<${tag}> outside <math>`);
      if (MATHML.has(tag) && node.attribs.href !== undefined) found.push(`${tag} href`);
      if (tag === 'input' && node.attribs.type !== 'checkbox') found.push('<input> not a checkbox');
      for (const [name, value] of Object.entries(node.attribs)) {
        if (name.startsWith('on')) found.push(`${tag} ${name}`);
        if ((name === 'style' && tag !== 'iframe') || name === 'srcdoc')
          found.push(`${tag} ${name}`);
        if (!URL_ATTRIBUTES.has(name)) continue;
        const urls =
          name === 'srcset' ? value.split(',').map((c) => c.trim().split(/\s+/)[0] ?? '') : [value];
        for (const url of urls.map(scheme)) {
          const raster = tag === 'img' && name === 'src' && RASTER_DATA.test(url);
          if (/^(javascript|vbscript|data):/.test(url) && !raster)
            found.push(`${tag} ${name}=${url.slice(0, 40)}`);
        }
      }
      walk(node.children ?? [], inMath || tag === 'math');
    }
  };
  walk(parseDocument(html, { decodeEntities: true }).children as Node[], false);
  return found;
}
