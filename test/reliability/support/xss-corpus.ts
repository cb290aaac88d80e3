/**
 * XSS payloads for article bodies. Each runs `MARK` if it ever executes; MARK calls
 * `top.__xssHit(<payload number>)`, a function the test exposes to every page and frame, so a
 * payload that runs is recorded even if it navigates away.
 */
const raw: string[] = [
  '<script>MARK</script>',
  '<img src=x onerror="MARK">',
  '<img src="x" onerror=MARK>',
  '<svg onload="MARK"></svg>',
  '<svg><script>MARK</script></svg>',
  '<svg><animate onbegin="MARK" attributeName="x" dur="1s"></animate></svg>',
  '<svg><a xlink:href="javascript:MARK"><text y="20">svg link</text></a></svg>',
  '<a href="javascript:MARK">plain javascript: link</a>',
  '<a href="&#106;avascript:MARK">entity-encoded javascript: link</a>',
  '<a href="  JaVaScRiPt:MARK">mixed-case javascript: link</a>',
  '<a href="jav&#x09;ascript:MARK">tab in the scheme</a>',
  '<iframe src="javascript:top.MARK"></iframe>',
  '<iframe srcdoc="&lt;script&gt;top.MARK&lt;/script&gt;"></iframe>',
  '<object data="javascript:top.MARK"></object>',
  '<embed src="javascript:top.MARK">',
  '<form><button formaction="javascript:MARK">form button</button></form>',
  '<form action="javascript:MARK"><input type="submit" value="submit"></form>',
  '<details open ontoggle="MARK"><summary>details</summary></details>',
  '<input autofocus onfocus="MARK">',
  '<select autofocus onfocus="MARK"></select>',
  '<textarea autofocus onfocus="MARK"></textarea>',
  '<body onload="MARK">',
  '<video><source onerror="MARK"></video>',
  '<audio src="x" onerror="MARK"></audio>',
  '<marquee onstart="MARK">marquee</marquee>',
  '<div onmouseover="MARK" style="position:fixed;inset:0">hover</div>',
  '<div style="background:url(javascript:MARK)">css url</div>',
  '<style>*{}</style><img src=x onerror=MARK>',
  '<math><mtext><table><mglyph><style><img src=x onerror="MARK"></style></mglyph></table></mtext></math>',
  '<noscript><p title="</noscript><img src=x onerror=MARK>"></p></noscript>',
  '<scr<script>ipt>MARK</scr</script>ipt>',
  '<<script>script>MARK<</script>/script>',
  '<template><script>MARK</script></template><img src=x onerror=MARK>',
  '<meta http-equiv="refresh" content="0;url=javascript:MARK">',
  '<base href="javascript:MARK//"><a href="relative">base-relative link</a>',
  '<a href="data:text/html,&lt;script&gt;top.MARK&lt;/script&gt;">data: link</a>',
  '<img src="data:image/svg+xml,&lt;svg onload=\'top.MARK\'&gt;" alt="data svg">',
  '<link rel="import" href="data:text/html,&lt;script&gt;top.MARK&lt;/script&gt;">',
  '<p id="__proto__" name="__xss">clobbering</p><img name="__xss" src=x onerror=MARK>',
  '<h2 id="x" onclick="MARK">clickable heading</h2>',
  '"><script>MARK</script>',
  "'><img src=x onerror=MARK>",
  '<x onclick="MARK">custom element, click me</x>',
  '<a href="#" onclick="MARK">onclick link</a>',
  '<svg><foreignObject><img src=x onerror="MARK"></foreignObject></svg>',
  '<isindex type=image src=x onerror="MARK">',
];

export const payloads = raw.map((html, i) => html.replaceAll('MARK', `top.__xssHit(${i})`));

/** Payloads for plain-text fields (title, excerpt, tags, author names): Astro must escape them. */
export const textPayloads = [
  '<script>MARK</script>',
  '<img src=x onerror=MARK>',
  '"><svg onload=MARK>',
].map((text, i) => text.replaceAll('MARK', `top.__xssHit(${1000 + i})`));
