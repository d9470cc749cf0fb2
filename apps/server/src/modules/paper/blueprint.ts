/**
 * Blueprint drawing (智能组卷), pure: which questions fill which cells of a blueprint.
 *
 * A cell is kind × knowledge point × difficulty band with a count. A question falls under a cell
 * when its kind is the cell's, its band is the cell's (or the cell takes any band), it sits in one
 * of the cell's banks, and it is tagged with the cell's point or one of that point's descendants
 * (a cell without a point takes any). A question may fall under several cells (tagged with two
 * points, or cells of a point and of its child); in one draw it fills ONE cell only. Filling the
 * cells is then a bipartite assignment (cells with `count` places × questions with one place each):
 * augmenting paths find an assignment that fills every cell whenever one exists, so the check
 * never reports a shortfall that a cleverer draw would avoid, and the shortfall it reports is the
 * least possible in total.
 */

/** One question of the pool as the drawing sees it: which cells it may fill (their indices). */
export interface PoolEntry {
  id: string;
  cells: number[];
}

export interface CellNeed {
  count: number;
}

export interface Assignment {
  /** Question ids per cell, in draw order. */
  picks: string[][];
  /** Places left empty per cell (0 everywhere when the blueprint is met). */
  short: number[];
  /** Distinct questions of the pool that fall under each cell (shared ones counted in every cell). */
  available: number[];
}

export type Rng = () => number;

function shuffled<T>(a: T[], rng: Rng): T[] {
  const out = a.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * Fills the cells from the pool. `rank` (optional) orders the questions a cell tries first (lower
 * first, then those fewer cells can use, then at random): parallel forms use it to take questions
 * no earlier form holds. The cells are filled from rank-0 questions before any other is
 * considered, which keeps the reuse of earlier forms' questions as low as the pool allows.
 */
export function assignCells(
  cells: CellNeed[],
  pool: PoolEntry[],
  rng: Rng = Math.random,
  rank?: (poolIndex: number) => number,
): Assignment {
  const byCell: number[][] = cells.map(() => []);
  pool.forEach((q, qi) => {
    for (const c of new Set(q.cells)) if (c >= 0 && c < cells.length) byCell[c].push(qi);
  });
  const available = byCell.map((l) => l.length);
  const order: number[][] = byCell.map((l) => {
    const s = shuffled(l, rng);
    if (!rank) return s;
    // Lower rank first; among equals, the questions fewer cells can use, leaving the shared ones
    // to the cells (and the later forms) that need them.
    const r = new Map(s.map((qi) => [qi, rank(qi)]));
    return s.sort((a, b) => (r.get(a) ?? 0) - (r.get(b) ?? 0) || pool[a].cells.length - pool[b].cells.length);
  });
  const owner = new Int32Array(pool.length).fill(-1);
  const filled = cells.map(() => 0);

  // Scarcest cells first: fewer displacements later.
  const cellOrder = cells
    .map((_, i) => i)
    .sort((a, b) => available[a] - cells[a].count - (available[b] - cells[b].count));

  const tiers = rank ? [...new Set(pool.map((_, qi) => rank(qi)))].sort((a, b) => a - b) : [0];
  for (const tier of tiers) {
    const allowed = (qi: number) => !rank || rank(qi) <= tier;
    for (const c of cellOrder) {
      while (filled[c] < cells[c].count) {
        // A free question first, so that a draw stays random and cheap; then an augmenting path.
        let took = false;
        for (const qi of order[c]) {
          if (owner[qi] === -1 && allowed(qi)) {
            owner[qi] = c;
            filled[c]++;
            took = true;
            break;
          }
        }
        if (!took) {
          const seen = new Uint8Array(pool.length);
          if (augment(c, seen, order, owner, allowed)) {
            filled[c]++;
            took = true;
          }
        }
        if (!took) break;
      }
    }
  }

  const picks: string[][] = cells.map(() => []);
  // Draw order within a cell: the shuffled order of its candidates.
  for (const [c, list] of order.entries()) for (const qi of list) if (owner[qi] === c) picks[c].push(pool[qi].id);
  return { picks, short: cells.map((cell, c) => cell.count - filled[c]), available };
}

/** Finds a free question for cell `c`, moving questions between cells along the way (iterative DFS). */
function augment(
  start: number,
  seen: Uint8Array,
  order: number[][],
  owner: Int32Array,
  allowed: (qi: number) => boolean,
): boolean {
  // Stack of [cell, next candidate position, the question that led into this cell].
  const stack: { cell: number; pos: number; via: number }[] = [{ cell: start, pos: 0, via: -1 }];
  while (stack.length) {
    const top = stack[stack.length - 1];
    const list = order[top.cell];
    if (top.pos >= list.length) {
      stack.pop();
      continue;
    }
    const qi = list[top.pos++];
    if (seen[qi] || !allowed(qi)) continue;
    seen[qi] = 1;
    if (owner[qi] === -1) {
      // Shift along the path: each cell on the stack takes the question that led out of it.
      owner[qi] = top.cell;
      for (let i = stack.length - 1; i > 0; i--) owner[stack[i].via] = stack[i - 1].cell;
      return true;
    }
    stack.push({ cell: owner[qi], pos: 0, via: qi });
  }
  return false;
}

export interface FormsResult {
  /** Question ids per form per cell. */
  forms: string[][][];
  /** Questions in common per pair of forms: overlap[i][j]. */
  overlap: number[][];
  /** Places left empty per form per cell. */
  short: number[][];
}

const formIds = (form: string[][]) => new Set(form.flat());

/**
 * N parallel forms from one blueprint: each form meets the blueprint when the pool allows, and
 * takes questions no earlier form holds before reusing any (the least used first), so that the
 * questions two forms share stay as few as the pool allows. The caller compares the overlap with
 * its bound.
 */
export function drawForms(cells: CellNeed[], pool: PoolEntry[], n: number, rng: Rng = Math.random): FormsResult {
  const uses = new Int32Array(pool.length);
  const index = new Map(pool.map((q, i) => [q.id, i]));
  const forms: string[][][] = [];
  const short: number[][] = [];
  for (let f = 0; f < n; f++) {
    const a = assignCells(cells, pool, rng, (qi) => uses[qi]);
    forms.push(a.picks);
    short.push(a.short);
    for (const id of a.picks.flat()) uses[index.get(id) ?? 0]++;
  }
  const sets = forms.map(formIds);
  const overlap = sets.map((a) => sets.map((b) => [...a].filter((id) => b.has(id)).length));
  return { forms, overlap, short };
}

/**
 * Forms within a bound when tries allow: which reused question goes to which form is left to
 * chance by `drawForms`, so a few tries keep the best (the fewest shared by the worst pair),
 * stopping at the first within `limit`.
 */
export function drawFormsWithin(
  cells: CellNeed[],
  pool: PoolEntry[],
  n: number,
  limit: number,
  tries = 12,
  rng: Rng = Math.random,
): FormsResult {
  let best: FormsResult | null = null;
  for (let i = 0; i < tries; i++) {
    const r = drawForms(cells, pool, n, rng);
    const short = r.short.some((s) => s.some((x) => x > 0));
    if (short) return r; // the pool cannot fill a form; another try will not either
    if (!best || worstPair(r.overlap)[2] < worstPair(best.overlap)[2]) best = r;
    if (worstPair(best.overlap)[2] <= limit) break;
  }
  return best as FormsResult;
}

/** The largest number of questions two forms may share: the share of a form's questions, rounded down. */
export const overlapLimit = (total: number, maxShare: number) => Math.floor(total * maxShare + 1e-9);

/** The worst pair of distinct forms: [i, j, shared]. */
export function worstPair(overlap: number[][]): [number, number, number] {
  let worst: [number, number, number] = [0, 0, -1];
  for (let i = 0; i < overlap.length; i++)
    for (let j = i + 1; j < overlap.length; j++) if (overlap[i][j] > worst[2]) worst = [i, j, overlap[i][j]];
  return worst;
}

/** Form labels: A, B, … Z, then 27, 28… */
export const formLabel = (i: number) => (i < 26 ? String.fromCharCode(65 + i) : String(i + 1));

/** The form a learner sits: fixed per learner (a retake sits the same form), spread evenly by the id's hash. */
export function formOfLearner(userId: string, n: number): number {
  let h = 2166136261;
  for (let i = 0; i < userId.length; i++) {
    h ^= userId.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return (h >>> 0) % n;
}
