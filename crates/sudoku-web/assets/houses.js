// The variants' geometry, as the server defines it. A variant is its list of
// houses (rows, columns, boxes, diagonals, colour groups); the page never
// builds one itself: GET /api/variants sends every variant's houses from the
// engine's own definition (sudoku_core), and this module reads them into
// what the page asks of a variant — which cells see each other, which box a
// cell is in (for the thick lines), which cells lie on a diagonal, which
// colour group a cell belongs to. It also reads the wire's cell names
// ("r3c5"), the one way a cell is written between server and page.
//
// No DOM here: the unit tests (js-tests/) import it under node.

/// Parses "r3c5" into a cell index 0..80 (or -1).
export function cellIndex(name) {
  const m = /^r([1-9])c([1-9])$/.exec(name);
  return m ? (Number(m[1]) - 1) * 9 + Number(m[2]) - 1 : -1;
}

/// The geometry of one variant, from its houses: [{kind, cells: ["r1c1", …]}].
export class Geometry {
  constructor(houses) {
    if (!Array.isArray(houses) || !houses.length) throw new Error('a variant needs houses');
    this.houses = houses.map((h, k) => {
      const cells = Array.isArray(h?.cells) ? h.cells.map(cellIndex) : [];
      if (cells.length !== 9 || cells.some(c => c < 0) || new Set(cells).size !== 9) {
        throw new Error(`house ${k + 1} is not nine distinct cells`);
      }
      return { kind: String(h.kind), cells };
    });
    const peers = Array.from({ length: 81 }, () => new Set());
    this.boxOf = new Array(81).fill(-1);
    this.colorOf = new Array(81).fill(-1);
    this.onDiagonal = new Array(81).fill(false);
    let boxes = 0, colors = 0;
    for (const h of this.houses) {
      for (const a of h.cells) for (const b of h.cells) if (a !== b) peers[a].add(b);
      if (h.kind === 'box') { for (const c of h.cells) this.boxOf[c] = boxes; boxes++; }
      if (h.kind === 'color') { for (const c of h.cells) this.colorOf[c] = colors; colors++; }
      if (h.kind === 'diagonal') for (const c of h.cells) this.onDiagonal[c] = true;
    }
    if (this.boxOf.some(b => b < 0)) throw new Error('the boxes do not cover the grid');
    /// The cells each cell sees, as 81 arrays.
    this.peers = peers.map(s => [...s].sort((a, b) => a - b));
    this.hasDiagonals = this.onDiagonal.some(Boolean);
    this.hasColors = colors > 0;
  }

  /// Whether a thick line runs on the left of / above cell i (a box edge).
  boxEdgeLeft(i) { return i % 9 !== 0 && this.boxOf[i - 1] !== this.boxOf[i]; }
  boxEdgeTop(i) { return i >= 9 && this.boxOf[i - 9] !== this.boxOf[i]; }
}

/// Reads the answer of GET /api/variants into a Map name → Geometry; throws
/// an Error naming what is wrong.
export function readVariants(answer) {
  if (!answer || !Array.isArray(answer.variants)) throw new Error('no list of variants');
  const out = new Map();
  for (const v of answer.variants) {
    if (typeof v?.variant !== 'string') throw new Error('a variant without a name');
    try {
      out.set(v.variant, new Geometry(v.houses));
    } catch (e) {
      throw new Error(`variant ${v.variant}: ${e.message}`);
    }
  }
  return out;
}
