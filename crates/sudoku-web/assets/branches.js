// A big step in frames the eye can follow: a forcing chain or net is shown
// branch by branch, each branch a few implications at a time (every frame at
// most about MAX_SHAPES shapes: the implications' candidates, the candidates
// they rest on, an arrow from each), after an overview of the premise and
// the result; any other step with too many shapes (a long chain) is shown a
// few links at a time with its result. Each frame has its own text, naming
// every implication with its reason ("r9c8 is not 2 (by Hidden pair)").
// Pure: the step is the server's wire form (`forcing`: branches of nodes,
// each after its parents), the words come from `t` (i18n.js) and the
// techniques' names from the server's catalogue (GET /api/techniques).

/// The most shapes one frame draws.
export const MAX_SHAPES = 30;

/// The roles of the shapes that show a step's result.
const RESULT = new Set(['eliminated', 'placed', 'target']);
const isResult = s => RESULT.has(s.role);

/// "box 3", "column 5", "colour group 2", "main diagonal" → {kind, number}.
export function houseOf(text) {
  const m = /^(row|column|box|colou?r group) (\d)$/.exec(text || '');
  if (m) return { kind: m[1].startsWith('colo') ? 'color' : m[1], number: Number(m[2]) };
  if (text === 'main diagonal') return { kind: 'diagonal', number: 1 };
  if (text === 'anti-diagonal') return { kind: 'diagonal', number: 2 };
  return null;
}

/// The words for one implication: "r9c7 is not 6 (same cell)".
export function implication(node, t, techniqueName) {
  const what = node.on ? t('brIs', node.cell, node.digit) : t('brIsNot', node.cell, node.digit);
  const house = houseOf(node.house) || { kind: '', number: 0 };
  switch (node.cause) {
    case 'assumption': return t('brAssume', node.cell, node.digit);
    case 'same-cell': return `${what} (${t('brSameCell')})`;
    case 'same-house': return `${what} (${t('brSameHouse', house.kind)})`;
    case 'naked-single': return `${what} (${t('brLastCandidate')})`;
    case 'hidden-single': return `${what} (${t('brOnlyPlace', house.kind, house.number)})`;
    case 'technique': return `${what} (${t('brBy', techniqueName(node.technique))}${node.nested !== undefined ? ' ▸' : ''})`;
    default: return what;
  }
}

/// A mark on candidate (cell, digit) for a node.
const markOf = n => ({ shape: 'mark', cell: n.cell, digit: n.digit, role: n.cause === 'assumption' ? 'assumption' : n.on ? 'on' : 'off' });
const nodeRef = n => ({ cells: [n.cell], digit: n.digit });

/// The frames of `step` — [{ shapes, text, part, inner }], `part` naming a
/// forcing frame's branch and its nodes [from, to), `inner` the nested
/// forcing steps its implications rest on — or null when it is small
/// enough to be shown whole. `t` gives the words (i18n.js), `techniqueName`
/// a technique's display name by its stable name.
export function frames(step, t, techniqueName = name => name) {
  const shapes = step.shapes || [];
  const f = step.forcing;
  if (f && f.branches && f.branches.length) return forcingFrames(step, f, t, techniqueName);
  if (shapes.length <= MAX_SHAPES) return null;
  return chainFrames(shapes, t);
}

function forcingFrames(step, f, t, techniqueName) {
  const shapes = step.shapes || [];
  // A nested step comes without a drawing: its result is its conclusion.
  const result = shapes.length ? shapes.filter(isResult)
    : [{ shape: 'mark', cell: f.conclusion.cell, digit: f.conclusion.digit, role: f.conclusion.on ? 'placed' : 'eliminated' }];
  const houses = shapes.filter(s => s.shape === 'house');
  const n = f.branches.length;
  const starts = f.branches.map(b => b.nodes[0]).filter(Boolean);
  const out = [{
    shapes: [...houses, ...starts.map(markOf), ...result],
    text: t('brOverview', n, starts.map(s => t('brIs', s.cell, s.digit))),
  }];
  f.branches.forEach((b, k) => {
    const total = b.nodes.length;
    let at = 0;
    while (at < total) {
      // Take implications while the frame stays within MAX_SHAPES (at least one).
      const drawn = new Map();
      const arrows = [];
      const taken = [];
      let j = at;
      while (j < total) {
        const node = b.nodes[j];
        const add = new Map(drawn);
        add.set(`${node.cell}/${node.digit}`, markOf(node));
        const more = [];
        for (const p of node.parents || []) {
          const parent = b.nodes[p];
          if (!parent) continue;
          const key = `${parent.cell}/${parent.digit}`;
          if (!add.has(key)) add.set(key, markOf(parent));
          more.push({ shape: 'arrow', from: nodeRef(parent), to: nodeRef(node), kind: node.on ? 'strong' : 'weak' });
        }
        const count = add.size + arrows.length + more.length + (j + 1 === total ? result.length : 0);
        if (taken.length && count > MAX_SHAPES) break;
        drawn.clear();
        for (const [key, m] of add) drawn.set(key, m);
        arrows.push(...more);
        taken.push(node);
        j++;
      }
      const last = j === total;
      if (arrows.length) arrows[0] = { ...arrows[0], label: String(k + 1) };
      const lines = taken.map(node => implication(node, t, techniqueName));
      const start = starts[k] ? ` (${t('brIs', starts[k].cell, starts[k].digit)})` : '';
      const head = `${t('brBranch', k + 1, n)}${start}, ${t('brImplications', at + 1, j)} ${t('brOfTotal', total)}:`;
      const tail = last ? `\n${t('brEnds', b.conclusion.map(c => b.nodes[c]).filter(Boolean).map(c => (c.on ? t('brIs', c.cell, c.digit) : t('brIsNot', c.cell, c.digit))))}` : '';
      out.push({
        shapes: [...drawn.values(), ...arrows, ...(last ? result : [])],
        text: `${head}\n${lines.join('; ')}${tail}`,
        part: { branch: k, from: at, to: j },
        // The implications of this part that rest on a whole forcing step
        // (nested chains), which a page can open.
        inner: taken.filter(node => node.nested !== undefined && f.nested && f.nested[node.nested])
          .map(node => ({ cell: node.cell, digit: node.digit, on: node.on, forcing: f.nested[node.nested] })),
      });
      at = j;
    }
  });
  return out;
}

/// A long chain: its result with a few links at a time, in the chain's order.
function chainFrames(shapes, t) {
  const result = shapes.filter(isResult);
  const rest = shapes.filter(s => !isResult(s));
  const arrows = rest.filter(s => s.shape === 'arrow');
  const other = rest.filter(s => s.shape !== 'arrow');
  const keyOf = (cells, digit) => `${cells.join(',')}/${digit}`;
  // Each link takes the other shapes on its two ends along.
  const onEnds = a => other.filter(s => (s.shape === 'mark' && [keyOf(a.from.cells, a.from.digit), keyOf(a.to.cells, a.to.digit)]
    .includes(keyOf([s.cell], s.digit))) || (s.shape === 'group' && [a.from, a.to].some(e => keyOf(e.cells, e.digit) === keyOf(s.cells, s.digit))));
  const out = [];
  let frame = [];
  let count = result.length;
  const flush = () => { if (frame.length) out.push(frame); frame = []; count = result.length; };
  for (const a of arrows) {
    const ends = onEnds(a).filter(s => !frame.includes(s));
    if (frame.length && count + 1 + ends.length > MAX_SHAPES) flush();
    frame.push(...ends, a);
    count += 1 + ends.length;
  }
  flush();
  // Shapes on no link (houses, sets, cells) go with the first frame.
  const linked = new Set(out.flat());
  const loose = other.filter(s => !linked.has(s));
  if (!out.length) out.push([]);
  out[0] = [...loose.slice(0, Math.max(0, MAX_SHAPES - out[0].length - result.length)), ...out[0]];
  return out.map((f, k) => ({ shapes: [...f, ...result], text: t('brLinks', k + 1, out.length) }));
}
