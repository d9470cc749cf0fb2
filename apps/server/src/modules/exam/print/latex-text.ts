/**
 * LaTeX as printable text for the PDF papers: the printed 答案卷 keeps a formula
 * (S=πr², a/b, √x) where it dropped it. Only characters the CJK font of the PDF has are produced:
 * Greek letters, operators, arrows and the superscripts ¹ ² ³; other powers print as ^n or ^(…).
 */
const SYMBOLS: Record<string, string> = {
  alpha: 'α',
  beta: 'β',
  gamma: 'γ',
  delta: 'δ',
  epsilon: 'ε',
  varepsilon: 'ε',
  zeta: 'ζ',
  eta: 'η',
  theta: 'θ',
  iota: 'ι',
  kappa: 'κ',
  lambda: 'λ',
  mu: 'μ',
  nu: 'ν',
  xi: 'ξ',
  pi: 'π',
  rho: 'ρ',
  sigma: 'σ',
  tau: 'τ',
  upsilon: 'υ',
  phi: 'φ',
  varphi: 'φ',
  chi: 'χ',
  psi: 'ψ',
  omega: 'ω',
  Gamma: 'Γ',
  Delta: 'Δ',
  Theta: 'Θ',
  Lambda: 'Λ',
  Xi: 'Ξ',
  Pi: 'Π',
  Sigma: 'Σ',
  Phi: 'Φ',
  Psi: 'Ψ',
  Omega: 'Ω',
  times: '×',
  div: '÷',
  cdot: '·',
  pm: '±',
  mp: '∓',
  leq: '≤',
  le: '≤',
  geq: '≥',
  ge: '≥',
  neq: '≠',
  ne: '≠',
  approx: '≈',
  equiv: '≡',
  infty: '∞',
  sum: '∑',
  prod: '∏',
  int: '∫',
  rightarrow: '→',
  to: '→',
  leftarrow: '←',
  Rightarrow: '⇒',
  Leftrightarrow: '⇔',
  in: '∈',
  notin: '∉',
  subset: '⊂',
  subseteq: '⊆',
  cup: '∪',
  cap: '∩',
  angle: '∠',
  triangle: '△',
  parallel: '∥',
  perp: '⊥',
  circ: '°',
  degree: '°',
  because: '∵',
  therefore: '∴',
  forall: '∀',
  exists: '∃',
  partial: '∂',
  nabla: '∇',
  cdots: '⋯',
  ldots: '…',
  dots: '…',
  quad: ' ',
  qquad: '  ',
  lt: '<',
  gt: '>',
  '%': '%',
  '{': '{',
  '}': '}',
  ',': ' ',
  ';': ' ',
  ':': ' ',
  '!': '',
  ' ': ' ',
  sin: 'sin',
  cos: 'cos',
  tan: 'tan',
  log: 'log',
  ln: 'ln',
  lim: 'lim',
  max: 'max',
  min: 'min',
};
/** Commands whose argument is shown as it is. */
const PASS = new Set(['text', 'mathrm', 'mathbf', 'mathit', 'operatorname', 'boldsymbol', 'textbf', 'mbox']);
/** Commands that only size or space: dropped. */
const DROP = new Set(['left', 'right', 'big', 'Big', 'bigl', 'bigr', 'displaystyle', 'limits']);
const SUPER: Record<string, string> = { '1': '¹', '2': '²', '3': '³' };

/** A position in the source and the text read so far. */
class Reader {
  i = 0;
  constructor(readonly s: string) {}
  /** One group: {…}, one command, or one character, as text. */
  group(): string {
    this.skipSpace();
    const c = this.s[this.i];
    if (c === undefined) return '';
    if (c === '{') {
      this.i += 1;
      const out = this.until('}');
      this.i += 1;
      return out;
    }
    if (c === '\\') return this.command();
    this.i += 1;
    return c;
  }
  skipSpace(): void {
    while (this.s[this.i] === ' ') this.i += 1;
  }
  /** Text up to the closing character (not consumed) or the end. */
  until(close?: string): string {
    let out = '';
    while (this.i < this.s.length && this.s[this.i] !== close) out += this.piece();
    return out;
  }
  piece(): string {
    const c = this.s[this.i];
    if (c === '\\') return this.command();
    if (c === '{') return this.group();
    if (c === '^' || c === '_') {
      this.i += 1;
      const arg = this.group();
      if (c === '^') {
        if (arg === '\\circ' || arg === '°') return '°';
        if (SUPER[arg]) return SUPER[arg];
        return arg.length === 1 ? `^${arg}` : `^(${arg})`;
      }
      return arg.length === 1 ? arg : `_(${arg})`;
    }
    if (c === '&') {
      this.i += 1;
      return ' ';
    }
    if (/\s/.test(c)) {
      // spaces in math mode are not printed (\, and \quad are)
      this.i += 1;
      return '';
    }
    this.i += 1;
    return c;
  }
  command(): string {
    this.i += 1; // the backslash
    const rest = this.s.slice(this.i);
    const name = /^[a-zA-Z]+/.exec(rest)?.[0] ?? rest[0] ?? '';
    this.i += name.length;
    if (name === 'frac' || name === 'dfrac' || name === 'tfrac') {
      const a = this.group();
      const b = this.group();
      const wrap = (x: string) => (/^[\w.πα-ω²³¹]+$/.test(x) ? x : `(${x})`);
      return `${wrap(a)}/${wrap(b)}`;
    }
    if (name === 'sqrt') {
      let index = '';
      this.skipSpace();
      if (this.s[this.i] === '[') {
        const end = this.s.indexOf(']', this.i);
        index = this.s.slice(this.i + 1, end < 0 ? undefined : end);
        this.i = end < 0 ? this.s.length : end + 1;
      }
      const arg = this.group();
      const root = index ? (SUPER[index] ?? `${index}`) : '';
      return `${root}√${arg.length === 1 || /^\w+$/.test(arg) ? arg : `(${arg})`}`;
    }
    if (name === '\\') return ' ';
    if (PASS.has(name)) return this.group();
    if (DROP.has(name)) return '';
    if (name === 'begin' || name === 'end') {
      this.group();
      return ' ';
    }
    if (name in SYMBOLS) return SYMBOLS[name];
    return name;
  }
}

/** LaTeX source as one line of plain text. */
export function latexText(latex: string): string {
  return new Reader(latex.trim()).until().replace(/\s+/g, ' ').trim();
}
