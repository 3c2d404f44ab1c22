// Input to repaint in the browser (Performance API): 200 entries typed into
// the trainer, each timed from the key press to the first frame painted after
// the server's evaluation of the new position came back and was drawn (so an
// API call is included). Figures go to target/e2e-screenshots/input-latency.json
// (BENCHMARKS.md records them); like every test here, nothing asserts a time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { EASY, SHOTS, useServerAndBrowser, notFirstVisit } from './common.mjs';

const env = useServerAndBrowser();

test('input to repaint: 200 entries, each with its evaluation call', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
  await notFirstVisit(context);
  const page = await context.newPage();
  await page.goto(`${env.server.url}/?p=${EASY}`);
  await page.waitForFunction(() => document.body.dataset.pending === '0');
  await page.check('input[name=mode][value=strict-plus]');
  await page.waitForFunction(() => document.body.dataset.pending === '0');
  const times = await page.evaluate(async line => {
    // The page's requests in flight are on <body data-pending>: watched as
    // it changes (no polling), then the next frame's start is the repaint.
    const idle = () => new Promise(resolve => {
      if (document.body.dataset.pending === '0') { resolve(); return; }
      const mo = new MutationObserver(() => {
        if (document.body.dataset.pending === '0') { mo.disconnect(); resolve(); }
      });
      mo.observe(document.body, { attributes: true, attributeFilter: ['data-pending'] });
    });
    const painted = () => new Promise(r => requestAnimationFrame(ts => r(ts)));
    const empties = [...line].map((c, i) => (c === '.' ? i : -1)).filter(i => i >= 0);
    const out = [];
    for (let k = 0; k < 200; k++) {
      const cell = empties[k % empties.length];
      document.querySelector(`#grid .cell[data-cell="${cell}"]`).click();
      await idle();
      // Alternate entering a digit and clearing it again.
      const key = k % 2 === 0 ? String(1 + (k % 9)) : 'Delete';
      const t0 = performance.now();
      document.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
      await Promise.resolve();
      await idle();
      out.push((await painted()) - t0);
    }
    return out;
  }, EASY);
  assert.equal(times.length, 200);
  const sorted = [...times].sort((a, b) => a - b);
  const q = p => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
  const m = { entries: times.length, p50_ms: q(0.5), p90_ms: q(0.9), p99_ms: q(0.99), max_ms: sorted.at(-1) };
  writeFileSync(path.join(SHOTS, 'input-latency.json'), JSON.stringify(m, null, 2));
  console.log(`input to repaint over ${m.entries} entries: p50 ${m.p50_ms.toFixed(1)} ms, p99 ${m.p99_ms.toFixed(1)} ms`);
  await context.close();
});
