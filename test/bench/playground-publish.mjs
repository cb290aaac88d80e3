// How soon a publish shows on the playground's live page, cached by the route cache for an hour:
// with `npm run demo` running, pass the two URLs it prints under "Publish to live":
//   node test/bench/playground-publish.mjs http://127.0.0.1:<mock port>/__mock/articles/art_0002 http://127.0.0.1:4321/live/art_0002/
// Nine edits; each is timed from the mock's PATCH (the mock then calls the site's publish
// webhook, as a CMS would) to the first read of the page showing the new title.
const [edit, page] = process.argv.slice(2);
if (!edit || !page) throw new Error('Pass the mock article URL and the live page URL (see above).');
const title = async () => /<h1[^>]*>([^<]*)</.exec(await (await fetch(page)).text())?.[1];
const samples = [];
for (let i = 1; i <= 9; i++) {
  const want = `Edited ${i} at ${Date.now()}`;
  await title(); // in the route cache
  const started = performance.now();
  const patched = await fetch(edit, { method: 'PATCH', body: JSON.stringify({ title: want }) });
  if (!patched.ok) throw new Error(`PATCH ${edit}: ${patched.status}`);
  let reads = 1;
  while ((await title()) !== want) {
    if (performance.now() - started > 10_000) throw new Error(`edit ${i} not shown after 10 s`);
    reads++;
  }
  samples.push(Math.round(performance.now() - started));
  console.log(`edit ${i}: shown after ${samples.at(-1)} ms (read ${reads} times)`);
}
const sorted = [...samples].sort((a, b) => a - b);
console.log(`median ${sorted[4]} ms (${samples.join(', ')} ms)`);
