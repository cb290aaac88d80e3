/** One line of a chart: its name, colour and points (x, y). */
export interface Series {
  name: string;
  colour: string;
  points: Array<[number, number]>;
}

export interface Panel {
  title: string;
  /** Unit shown on the y axis ticks, e.g. "s" or "MB". */
  unit: string;
  series: Series[];
}

const W = 440;
const H = 300;
const M = { left: 56, right: 16, top: 36, bottom: 48 };

/** A round step giving about five ticks up to `max`. */
function tickStep(max: number): number {
  const raw = max / 5;
  const p = 10 ** Math.floor(Math.log10(raw));
  return ([1, 2, 2.5, 5, 10].map((m) => m * p).find((s) => s >= raw) ?? raw) as number;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const fmt = (n: number) => (Number.isInteger(n) ? n.toLocaleString('en') : n.toFixed(1));

function panel(p: Panel, offsetX: number, xLabel: string): string {
  const xs = p.series.flatMap((s) => s.points.map(([x]) => x));
  const ys = p.series.flatMap((s) => s.points.map(([, y]) => y));
  const xMax = Math.max(...xs, 1);
  const yStep = tickStep(Math.max(...ys, 1e-9));
  const yMax = Math.ceil(Math.max(...ys, 1e-9) / yStep) * yStep;
  const plotW = W - M.left - M.right;
  const plotH = H - M.top - M.bottom;
  const sx = (x: number) => offsetX + M.left + (x / xMax) * plotW;
  const sy = (y: number) => M.top + plotH - (y / yMax) * plotH;
  const out: string[] = [
    `<text x="${offsetX + W / 2}" y="20" text-anchor="middle" font-weight="bold">${esc(p.title)}</text>`,
  ];
  for (let y = 0; y <= yMax + yStep / 2; y += yStep) {
    out.push(
      `<line x1="${sx(0)}" x2="${sx(xMax)}" y1="${sy(y)}" y2="${sy(y)}" stroke="#ddd"/>`,
      `<text x="${sx(0) - 6}" y="${sy(y) + 4}" text-anchor="end">${fmt(y)} ${esc(p.unit)}</text>`,
    );
  }
  for (const x of [...new Set(xs)].sort((a, b) => a - b)) {
    out.push(
      `<line x1="${sx(x)}" x2="${sx(x)}" y1="${sy(0)}" y2="${sy(0) + 4}" stroke="#666"/>`,
      `<text x="${sx(x)}" y="${sy(0) + 18}" text-anchor="middle">${x >= 1000 ? `${fmt(x / 1000)}k` : x}</text>`,
    );
  }
  out.push(
    `<text x="${offsetX + M.left + plotW / 2}" y="${H - 8}" text-anchor="middle">${esc(xLabel)}</text>`,
  );
  p.series.forEach((s, i) => {
    const pts = s.points.map(([x, y]) => `${sx(x).toFixed(1)},${sy(y).toFixed(1)}`);
    out.push(
      `<polyline fill="none" stroke="${s.colour}" stroke-width="2" points="${pts.join(' ')}"><title>${esc(s.name)}</title></polyline>`,
      ...s.points.map(
        ([x, y]) =>
          `<circle cx="${sx(x).toFixed(1)}" cy="${sy(y).toFixed(1)}" r="3" fill="${s.colour}"/>`,
      ),
      `<rect x="${sx(0) + 10}" y="${M.top + 4 + i * 16}" width="12" height="3" fill="${s.colour}"/>`,
      `<text x="${sx(0) + 28}" y="${M.top + 9 + i * 16}">${esc(s.name)}</text>`,
    );
  });
  return out.join('\n');
}

/**
 * Panels side by side, sharing the x axis label: a standalone SVG, no script, no fonts. Its
 * `<title>` (what screen readers announce) names the panels.
 */
export function lineChartSvg(panels: Panel[], xLabel: string): string {
  const width = W * panels.length;
  const title = `${panels.map((p) => p.title).join('; ')}, by ${xLabel}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${H}" viewBox="0 0 ${width} ${H}" font-family="sans-serif" font-size="11">
<title>${esc(title)}</title>
<rect width="${width}" height="${H}" fill="#fff"/>
${panels.map((p, i) => panel(p, i * W, xLabel)).join('\n')}
</svg>
`;
}
