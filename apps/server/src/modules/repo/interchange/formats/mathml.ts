/**
 * MathML (QTI item bodies, Moodle question HTML) as the editor's formula: LaTeX in a formula node
 * (contracts formulaHtml), so a formula is kept, never dropped. The common presentation elements
 * are converted (mi, mn, mo, mtext, ms, mspace, mrow, mstyle, mfrac, msup, msub, msubsup, msqrt,
 * mroot, mfenced, mover, munder, munderover, mtable/mtr/mtd, menclose, mpadded, mphantom,
 * semantics); a TeX annotation, when the file has one, is taken as it is. Other elements give
 * their content.
 */
import { escapeHtml, formulaHtml } from '@exam/contracts';
import { parseXmlTree, type XmlEl } from './xml-safe.js';

const SYMBOLS: Record<string, string> = {
  '×': '\\times',
  '÷': '\\div',
  '±': '\\pm',
  '∓': '\\mp',
  '≤': '\\le',
  '≥': '\\ge',
  '≠': '\\ne',
  '≈': '\\approx',
  '≡': '\\equiv',
  '∼': '\\sim',
  '−': '-',
  '·': '\\cdot',
  '⋅': '\\cdot',
  '∗': '*',
  '∞': '\\infty',
  '→': '\\to',
  '←': '\\leftarrow',
  '⇒': '\\Rightarrow',
  '⇔': '\\Leftrightarrow',
  '↔': '\\leftrightarrow',
  '∑': '\\sum',
  '∏': '\\prod',
  '∫': '\\int',
  '∮': '\\oint',
  '∂': '\\partial',
  '∇': '\\nabla',
  '∈': '\\in',
  '∉': '\\notin',
  '⊂': '\\subset',
  '⊆': '\\subseteq',
  '⊃': '\\supset',
  '∪': '\\cup',
  '∩': '\\cap',
  '∅': '\\emptyset',
  '∀': '\\forall',
  '∃': '\\exists',
  '¬': '\\neg',
  '∧': '\\wedge',
  '∨': '\\vee',
  '°': '^\\circ',
  '′': "'",
  '…': '\\ldots',
  '⋯': '\\cdots',
  '∠': '\\angle',
  '⊥': '\\perp',
  '∥': '\\parallel',
  '△': '\\triangle',
  '{': '\\{',
  '}': '\\}',
  '%': '\\%',
  '#': '\\#',
  '&': '\\&',
  '\u2061': '',
  '\u2062': '',
  '\u2063': ',',
  '\u2064': '+',
};
const GREEK = 'αβγδεζηθικλμνξοπρστυφχψωΓΔΘΛΞΠΣΥΦΨΩ';
const GREEK_NAMES = [
  'alpha',
  'beta',
  'gamma',
  'delta',
  'epsilon',
  'zeta',
  'eta',
  'theta',
  'iota',
  'kappa',
  'lambda',
  'mu',
  'nu',
  'xi',
  'o',
  'pi',
  'rho',
  'sigma',
  'tau',
  'upsilon',
  'phi',
  'chi',
  'psi',
  'omega',
  'Gamma',
  'Delta',
  'Theta',
  'Lambda',
  'Xi',
  'Pi',
  'Sigma',
  'Upsilon',
  'Phi',
  'Psi',
  'Omega',
];
for (const [i, c] of [...GREEK].entries()) SYMBOLS[c] = GREEK_NAMES[i] === 'o' ? 'o' : `\\${GREEK_NAMES[i]}`;
const FUNCTIONS = new Set(['sin', 'cos', 'tan', 'cot', 'sec', 'csc', 'log', 'ln', 'lg', 'exp', 'lim', 'max', 'min']);
const ACCENTS: Record<string, string> = {
  '¯': '\\overline',
  '‾': '\\overline',
  '^': '\\hat',
  ˆ: '\\hat',
  '→': '\\vec',
  '⃗': '\\vec',
  '~': '\\tilde',
  '˜': '\\tilde',
  '˙': '\\dot',
  '.': '\\dot',
};
const BIG = new Set(['\\sum', '\\prod', '\\int', '\\oint', '\\lim']);

const local = (name: string) => name.replace(/^.*:/, '');
const elements = (el: XmlEl) => el.kids.filter((k): k is XmlEl => typeof k !== 'string');
const textIn = (el: XmlEl): string => el.kids.map((k) => (typeof k === 'string' ? k : textIn(k))).join('');

/** Characters as LaTeX symbols; anything else as it is. */
const symbols = (s: string) =>
  [...s].map((c) => (c in SYMBOLS ? `${SYMBOLS[c]}${/^\\[a-zA-Z]+$/.test(SYMBOLS[c]) ? ' ' : ''}` : c)).join('');

/** An argument in braces unless it is one character. */
const group = (s: string) => (s.length === 1 ? s : `{${s}}`);

const argsOf = (el: XmlEl) => elements(el).map(toLatex);

function toLatex(el: XmlEl): string {
  const kids = elements(el);
  const args = () => argsOf(el);
  switch (local(el.name)) {
    case 'math':
    case 'mrow':
    case 'mstyle':
    case 'mpadded':
    case 'menclose':
    case 'merror':
      return args().join('');
    case 'semantics': {
      const tex = kids.find((k) => local(k.name) === 'annotation' && /tex/i.test(k.attrs.encoding ?? ''));
      return tex ? textIn(tex).trim() : kids[0] ? toLatex(kids[0]) : '';
    }
    case 'annotation':
    case 'annotation-xml':
    case 'mphantom':
      return '';
    case 'mi': {
      const t = textIn(el).trim();
      if (FUNCTIONS.has(t)) return `\\${t} `;
      if ([...t].length === 1) return symbols(t);
      return `\\mathrm{${symbols(t)}}`;
    }
    case 'mn':
      return textIn(el).trim();
    case 'mo':
      return symbols(textIn(el).trim());
    case 'mtext':
      return textIn(el).trim() ? `\\text{${textIn(el).replace(/[{}\\]/g, '')}}` : '';
    case 'ms':
      return `\\text{"${textIn(el).replace(/[{}\\]/g, '')}"}`;
    case 'mspace':
      return '\\ ';
    case 'mfrac': {
      const [a = '', b = ''] = args();
      return `\\frac{${a}}{${b}}`;
    }
    case 'msqrt':
      return `\\sqrt{${args().join('')}}`;
    case 'mroot': {
      const [a = '', n = ''] = args();
      return `\\sqrt[${n}]{${a}}`;
    }
    case 'msup': {
      const [a = '', b = ''] = args();
      return `${group(a)}^${group(b)}`;
    }
    case 'msub': {
      const [a = '', b = ''] = args();
      return `${group(a)}_${group(b)}`;
    }
    case 'msubsup': {
      const [a = '', b = '', c = ''] = args();
      return `${group(a)}_${group(b)}^${group(c)}`;
    }
    case 'munder':
    case 'mover':
    case 'munderover': {
      const [a = '', b = '', c = ''] = args();
      const base = a.trim();
      if (local(el.name) === 'mover' && kids[1] && local(kids[1].name) === 'mo') {
        const accent = ACCENTS[textIn(kids[1]).trim()];
        if (accent) return `${accent}{${base}}`;
      }
      if (BIG.has(base) || FUNCTIONS.has(base.replace(/^\\/, ''))) {
        if (local(el.name) === 'munder') return `${base}_${group(b)}`;
        if (local(el.name) === 'mover') return `${base}^${group(b)}`;
        return `${base}_${group(b)}^${group(c)}`;
      }
      if (local(el.name) === 'munder') return `\\underset{${b}}{${base}}`;
      if (local(el.name) === 'mover') return `\\overset{${b}}{${base}}`;
      return `\\overset{${c}}{\\underset{${b}}{${base}}}`;
    }
    case 'mfenced': {
      const open = el.attrs.open ?? '(';
      const close = el.attrs.close ?? ')';
      const sep = el.attrs.separators ?? ',';
      const fence = (c: string) => (c === '{' ? '\\{' : c === '}' ? '\\}' : c || '.');
      return `\\left${fence(open)}${args().join(sep.trim().charAt(0) || ',')}\\right${fence(close)}`;
    }
    case 'mtable':
      return `\\begin{matrix}${kids.map((row) => elements(row).map(toLatex).join(' & ')).join(' \\\\ ')}\\end{matrix}`;
    case 'mtr':
    case 'mlabeledtr':
      return args().join(' & ');
    default:
      return args().join('') || symbols(textIn(el).trim());
  }
}

/** A MathML element (`math`, any prefix) as LaTeX. */
export const mathmlToLatex = (el: XmlEl): string => toLatex(el).replace(/\s+/g, ' ').trim();

/** A MathML element as the editor's formula node (its text when it gives no LaTeX). */
export const mathmlFormula = (el: XmlEl): string => {
  const latex = mathmlToLatex(el);
  return latex ? formulaHtml(latex) : escapeHtml(textIn(el));
};

/** HTML holding MathML (Moodle question text): each `<math>…</math>` as a formula node. */
export function mathmlInHtml(html: string): string {
  return html.replace(/<((?:[a-z]+:)?math)\b[\s\S]*?<\/\1>/gi, (whole) => {
    try {
      return mathmlFormula(parseXmlTree(whole, 'MathML '));
    } catch {
      // Not well-formed XML (named entities of HTML): its text is kept as a formula.
      const text = whole
        .replace(/<[^>]+>/g, '')
        .replace(/\s+/g, ' ')
        .trim();
      return text ? formulaHtml(`\\text{${text.replace(/[{}\\]/g, '')}}`) : '';
    }
  });
}
