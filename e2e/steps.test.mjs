// Teaching the hard end, in Chromium against a real server: "All steps now"
// lists every step of the position by technique, easiest first, previews a
// picked one with its drawing and applies it; a forcing net — as a hint and
// in "Watch the logic" — is stepped part by part (never more than 30 shapes
// drawn), forward and back, and whole on demand, in English and German. The
// time from a press of ▶ to the end of the frame that paints the part is
// recorded in target/e2e-screenshots/step-latency.json (BENCHMARKS.md), not
// asserted.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { EASY, SHOTS, useServerAndBrowser, openPage, settle, gridLine } from './common.mjs';

const env = useServerAndBrowser();
/// forum-hardest-1106.txt, line 5: two hidden singles, then a forcing net.
const HARD = '..4..3....7..8....2.81....6..3....9..8..2....1..7....3......45....8..9....9..5..8';

const open = (puzzle, viewport) => openPage(env, `/?p=${puzzle}`, { viewport });
const shot = (page, name) => page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
const drawn = page => page.evaluate(() => Number(document.querySelector('#grid .overlay').getAttribute('data-count') || 0));

test('All steps now: every step by technique, easiest first; a picked step is drawn and applied', async () => {
  const { context, page } = await open(EASY);
  await page.click('#btn-allsteps');
  await page.waitForSelector('#allsteps:not([hidden]) #allsteps-list details');
  const groups = await page.$$eval('#allsteps details summary', ss => ss.map(s => s.textContent));
  assert.ok(groups.length >= 2, groups.join(' | '));
  assert.match(groups[0], /^(Full house|Hidden single|Naked single) \(\d+\)$/);
  assert.match(await page.locator('#allsteps-title').textContent(), /^\d+ steps at this position, easiest first$/);
  // The first group is open; a later one opens on a click.
  assert.equal(await page.locator('#allsteps details').first().getAttribute('open'), '');
  const before = await gridLine(page);
  const first = page.locator('#allsteps-list button').first();
  const effect = await first.textContent();
  await first.click();
  assert.ok(await drawn(page) > 0, 'the picked step is drawn');
  assert.match(await page.locator('#explain').textContent(), /^Step 1 of \d+: /);
  await page.waitForSelector('#btn-apply:not([hidden])');
  await shot(page, '70-all-steps');
  await page.click('#btn-apply');
  await settle(page);
  const after = await gridLine(page);
  const placed = /^(r\d)(c\d)=(\d)/.exec(effect);
  assert.ok(placed, effect);
  const cell = (Number(placed[1][1]) - 1) * 9 + Number(placed[2][1]) - 1;
  assert.equal(after[cell], placed[3], `Apply placed ${effect}`);
  assert.equal([...after].filter((c, i) => c !== before[i]).length, 1);
  // The list belonged to the old position.
  assert.match(await page.locator('#allsteps-title').textContent(), /The position has changed/);
  // In German.
  await page.selectOption('#lang', 'de');
  await page.click('#btn-allsteps');
  await page.waitForFunction(() => /Schritte in dieser Stellung, die leichtesten zuerst/.test(document.getElementById('allsteps-title').textContent));
  await context.close();
});

/// Steps through the parts shown, checking each; returns the times from a
/// press of ▶ to the next painted frame.
async function stepThrough(page, tag) {
  const parts = await page.evaluate(() => document.getElementById('br-pos').textContent);
  const total = Number(/\/(\d+)\)?$/.exec(parts)[1]);
  assert.ok(total >= 3, `${tag}: ${parts}`);
  assert.match(parts, /^(Overview|Überblick) \(1\/\d+\)$/);
  assert.ok((await drawn(page)) <= 30, `${tag}: the overview`);
  const times = [];
  for (let k = 1; k < total; k++) {
    // From the press to the end of the frame that shows the part: a task
    // queued from the frame's animation callback runs after its paint.
    const ms = await page.evaluate(() => new Promise(resolve => {
      const t0 = performance.now();
      document.getElementById('br-next').click();
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0), 0));
    }));
    times.push(ms);
    const count = await drawn(page);
    assert.ok(count > 0 && count <= 30, `${tag} part ${k + 1}: ${count} shapes`);
    assert.match(await page.locator('#explain').textContent(), /(Branch|Zweig) \d+ (of|von) \d+ \(r\dc\d (is|ist die) \d\), (implications|Folgerungen) \d+–\d+/);
  }
  assert.ok(await page.locator('#br-next').isDisabled(), 'the last part');
  await page.click('#br-prev');
  assert.equal(await page.locator('#br-pos').textContent(), `${/^Ü/.test(parts) ? 'Teil' : 'Part'} ${total - 1}/${total}`);
  // The whole step at once, and back to the parts.
  await page.click('#br-whole');
  assert.ok((await drawn(page)) > 30, `${tag}: the whole net`);
  await page.click('#br-whole');
  assert.ok((await drawn(page)) <= 30);
  return times;
}

test('a forcing net step by step: as a hint and in Watch the logic, forward and back, in both languages', async () => {
  const { context, page } = await open(HARD);
  // Two hidden singles first.
  for (let s = 0; s < 2; s++) {
    for (let k = 0; k < 3; k++) { await page.click('#btn-hint'); await settle(page); }
    await page.click('#btn-apply');
    await settle(page);
  }
  for (let k = 0; k < 3; k++) { await page.click('#btn-hint'); await settle(page); }
  await page.waitForSelector('#branches:not([hidden])');
  assert.match(await page.locator('#explain').textContent(), /^Hint 3\/3: (Forcing net|Nested forcing chain|Contradiction forcing chain)/);
  await shot(page, '71-forcing-hint-overview');
  await page.click('#br-next');
  await shot(page, '72-forcing-hint-part-2');
  await page.click('#br-prev');
  const times = await stepThrough(page, 'hint');
  // Apply still carries out the whole step.
  const before = await gridLine(page);
  await page.waitForSelector('#btn-apply:not([hidden])');
  await page.click('#btn-apply');
  await settle(page);
  assert.ok(await page.locator('#branches').isHidden(), 'the parts close with the step');
  assert.equal(await gridLine(page), before, 'a forcing net here removes candidates only');
  // Watch the logic: its fourth step is the forcing net, in German.
  await page.selectOption('#lang', 'de');
  await page.click('#btn-logic');
  await page.waitForSelector('#replay:not([hidden])', { timeout: 60000 });
  for (let k = 0; k < 3; k++) await page.click('#replay-next');
  await page.waitForSelector('#branches:not([hidden])');
  times.push(...(await stepThrough(page, 'replay de')));
  await shot(page, '73-forcing-replay-de');
  // Leaving the step closes its parts.
  await page.click('#replay-next');
  await page.click('#replay-close');
  assert.ok(await page.locator('#branches').isHidden());
  const sorted = [...times].sort((a, b) => a - b);
  const q = p => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
  const m = { parts: times.length, p50_ms: q(0.5), p99_ms: q(0.99), max_ms: sorted.at(-1) };
  writeFileSync(path.join(SHOTS, 'step-latency.json'), JSON.stringify(m, null, 2));
  console.log(`forcing-net part to painted frame over ${m.parts} parts: p50 ${m.p50_ms.toFixed(1)} ms, max ${m.max_ms.toFixed(1)} ms`);
  await context.close();
});

test('a forcing net in parts on a 360x640 phone: grid, parts buttons, text and Apply on one screen', async () => {
  const { context, page } = await openPage(env, `/?p=${HARD}`, { viewport: { width: 360, height: 640 }, mobile: true });
  for (let s = 0; s < 2; s++) {
    for (let k = 0; k < 3; k++) { await page.locator('#btn-hint').tap(); await settle(page); }
    await page.locator('#btn-apply').tap();
    await settle(page);
  }
  for (let k = 0; k < 3; k++) { await page.locator('#btn-hint').tap(); await settle(page); }
  await page.waitForSelector('#branches:not([hidden])');
  await page.locator('#br-next').tap();
  const off = [];
  for (const sel of ['#grid', '#pad', '#btn-apply', '#branches', '#explain']) {
    const b = await page.locator(sel).boundingBox();
    if (!(b && b.y >= 0 && b.y + b.height <= 640.5 && b.x >= 0 && b.x + b.width <= 360.5)) off.push(`${sel} ${JSON.stringify(b)}`);
  }
  assert.deepEqual(off, []);
  assert.equal(await page.evaluate(() => window.scrollY), 0);
  await shot(page, '74-forcing-phone');
  await context.close();
});

test('a nested forcing chain: an inner forcing step is opened from its part, stepped, and closed again', async () => {
  // One of the seed's examples: its seventh step rests on whole forcing chains.
  const NESTED = '1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..';
  const { context, page } = await open(NESTED);
  await page.click('#btn-logic');
  await page.waitForSelector('#replay:not([hidden])', { timeout: 60000 });
  for (let k = 0; k < 6; k++) await page.click('#replay-next');
  assert.match(await page.locator('#explain').textContent(), /^Step 7 of \d+: Nested forcing chain/);
  await page.waitForSelector('#branches:not([hidden])');
  // Forward to the first part that rests on an inner forcing step.
  let found = false;
  for (let k = 0; k < 40 && !found; k++) {
    found = (await page.locator('#br-inner button').count()) > 0;
    if (!found) await page.click('#br-next');
  }
  assert.ok(found, 'a part names an inner forcing step');
  const outer = await page.locator('#explain').textContent();
  assert.match(outer, / ▸\)/);
  const label = await page.locator('#br-inner button').first().getAttribute('aria-label');
  assert.match(label, /^Open the forcing step behind r\dc\d ≠ \d$/);
  await page.locator('#br-inner button').first().click();
  assert.match(await page.locator('#explain').textContent(), /^The inner forcing step: why r\dc\d is not \d/);
  assert.ok(await page.locator('#br-back').isVisible());
  assert.ok((await drawn(page)) <= 30);
  await page.click('#br-next');
  assert.ok((await drawn(page)) > 0 && (await drawn(page)) <= 30);
  await shot(page, '75-inner-forcing-step');
  await page.click('#br-back');
  assert.equal(await page.locator('#explain').textContent(), outer, 'back where it was opened');
  assert.ok(await page.locator('#br-back').isHidden());
  await context.close();
});
