import { parseDocument } from 'htmlparser2';

/** The part of domhandler's nodes read here (elements have a name and attributes). */
interface Node {
  name?: string;
  attribs?: Record<string, string>;
  children?: Node[];
}

/** Elements sanitised output must never hold. */
const FORBIDDEN_TAGS = new Set([
  'script', 'style', 'base', 'meta', 'link', 'form', 'iframe', 'frame', 'frameset', 'object',
  'embed', 'svg', 'math', 'template', 'noscript', 'button', 'textarea', 'select',
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
 * event handlers, `style`/`srcdoc`, and javascript:/vbscript:/data: URLs (raster images in
 * `<img src>` apart). Empty when the output is safe.
 */
export function dangers(html: string): string[] {
  const found: string[] = [];
  const walk = (nodes: Node[]) => {
    for (const node of nodes) {
      const tag = node.name;
      if (!tag || !node.attribs) continue;
      if (FORBIDDEN_TAGS.has(tag)) found.push(`<${tag}>`);
      if (tag === 'input' && node.attribs.type !== 'checkbox') found.push('<input> not a checkbox');
      for (const [name, value] of Object.entries(node.attribs)) {
        if (name.startsWith('on')) found.push(`${tag} ${name}`);
        if (name === 'style' || name === 'srcdoc') found.push(`${tag} ${name}`);
        if (!URL_ATTRIBUTES.has(name)) continue;
        const urls =
          name === 'srcset' ? value.split(',').map((c) => c.trim().split(/\s+/)[0] ?? '') : [value];
        for (const url of urls.map(scheme)) {
          const raster = tag === 'img' && name === 'src' && RASTER_DATA.test(url);
          if (/^(javascript|vbscript|data):/.test(url) && !raster)
            found.push(`${tag} ${name}=${url.slice(0, 40)}`);
        }
      }
      walk(node.children ?? []);
    }
  };
  walk(parseDocument(html, { decodeEntities: true }).children as Node[]);
  return found;
}
