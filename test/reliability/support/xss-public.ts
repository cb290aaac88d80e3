import { readFileSync } from 'node:fs';

/**
 * The public part of the XSS corpus: payloads collected from public sanitiser and XSS test
 * suites (fixtures/xss-corpus/*.json, each naming its source and licence), and every event
 * handler attribute on the elements that can fire it. These run `alert(1)` and the like as they
 * were published, so the harness hooks alert/confirm/prompt/print instead of a marker.
 */
export interface CorpusPayload {
  source: string;
  ref: string;
  html: string;
}

const FILES = ['dompurify.json', 'h5sc.json', 'owasp.json'];

function load(file: string): CorpusPayload[] {
  const url = new URL(`../fixtures/xss-corpus/${file}`, import.meta.url);
  const data = JSON.parse(readFileSync(url, 'utf8')) as {
    source: string;
    payloads: { ref: string; payload: string }[];
  };
  return data.payloads.map((p) => ({ source: file, ref: p.ref, html: p.payload }));
}

/** Event handler attributes of the HTML standard (GlobalEventHandlers, window, document, media). */
export const EVENTS = [
  'abort', 'animationend', 'animationiteration', 'animationstart', 'auxclick', 'beforeinput',
  'beforematch', 'beforetoggle', 'blur', 'cancel', 'canplay', 'canplaythrough', 'change', 'click',
  'close', 'contextlost', 'contextmenu', 'contextrestored', 'copy', 'cuechange', 'cut', 'dblclick',
  'drag', 'dragend', 'dragenter', 'dragleave', 'dragover', 'dragstart', 'drop', 'durationchange',
  'emptied', 'ended', 'error', 'focus', 'focusin', 'focusout', 'formdata', 'input', 'invalid',
  'keydown', 'keypress', 'keyup', 'load', 'loadeddata', 'loadedmetadata', 'loadstart',
  'mousedown', 'mouseenter', 'mouseleave', 'mousemove', 'mouseout', 'mouseover', 'mouseup',
  'paste', 'pause', 'play', 'playing', 'pointercancel', 'pointerdown', 'pointerenter',
  'pointerleave', 'pointermove', 'pointerout', 'pointerover', 'pointerup', 'progress',
  'ratechange', 'reset', 'resize', 'scroll', 'scrollend', 'securitypolicyviolation', 'seeked',
  'seeking', 'select', 'selectionchange', 'selectstart', 'slotchange', 'stalled', 'submit',
  'suspend', 'timeupdate', 'toggle', 'transitionend', 'volumechange', 'waiting', 'wheel',
  'afterprint', 'beforeprint', 'beforeunload', 'hashchange', 'message', 'pageshow', 'popstate',
  'webkitanimationend', 'webkittransitionend',
]; // biome-ignore format: a list

/** Each handler on elements that fire it by themselves or when the harness dispatches it. */
const eventPayloads: CorpusPayload[] = EVENTS.flatMap((event) =>
  [
    `<img src="x" on${event}="alert(1)">`,
    `<a href="#" on${event}="alert(1)">link</a>`,
    `<details open on${event}="alert(1)"><summary>s</summary></details>`,
    `<video src="x" on${event}="alert(1)"></video>`,
  ].map((html) => ({ source: 'generated', ref: `on${event}`, html })),
);

/** The payloads as the public suites published them (fixtures/xss-corpus/*.json). */
export const publishedPayloads: CorpusPayload[] = FILES.flatMap(load);

export const publicCorpus: CorpusPayload[] = [...publishedPayloads, ...eventPayloads];
