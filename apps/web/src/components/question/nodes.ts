/**
 * The named editor nodes (DESIGN 4) in the fixed HTML form of contracts/repo/rich-text.ts:
 * blank `<span data-blank="N" class="qu-blank"></span>` and formula
 * `<span data-formula="latex" class="qu-formula"></span>` (rendered with KaTeX), plus minimal
 * image and table nodes (StarterKit has neither).
 */
import { BLANK_CLASS, FORMULA_CLASS } from '@exam/contracts';
import { mergeAttributes, Node } from '@tiptap/react';
import { renderFormula } from './formula';

declare module '@tiptap/react' {
  interface Commands<ReturnType> {
    quNodes: {
      insertBlank: () => ReturnType;
      insertFormula: (latex: string) => ReturnType;
      insertImage: (src: string) => ReturnType;
      insertTable: (rows: number, cols: number) => ReturnType;
    };
  }
}

export const Blank = Node.create({
  name: 'blank',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  addAttributes() {
    return {
      n: {
        default: '0',
        parseHTML: (el) => el.getAttribute('data-blank') ?? '0',
        renderHTML: (a) => ({ 'data-blank': a.n }),
      },
    };
  },
  parseHTML() {
    return [{ tag: 'span[data-blank]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['span', mergeAttributes(HTMLAttributes, { class: BLANK_CLASS })];
  },
  addCommands() {
    return {
      insertBlank:
        () =>
        ({ commands }) =>
          commands.insertContent({ type: this.name, attrs: { n: '0' } }),
    };
  },
});

export const Formula = Node.create({
  name: 'formula',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  addAttributes() {
    return {
      latex: {
        default: '',
        parseHTML: (el) => el.getAttribute('data-formula') ?? '',
        renderHTML: (a) => ({ 'data-formula': a.latex }),
      },
    };
  },
  parseHTML() {
    return [{ tag: 'span[data-formula]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['span', mergeAttributes(HTMLAttributes, { class: FORMULA_CLASS })];
  },
  addNodeView() {
    return ({ node }) => {
      const dom = document.createElement('span');
      dom.className = `${FORMULA_CLASS} qu-formula--editing`;
      dom.title = node.attrs.latex;
      renderFormula(dom, node.attrs.latex);
      return { dom };
    };
  },
  addCommands() {
    return {
      insertFormula:
        (latex: string) =>
        ({ commands }) =>
          commands.insertContent({ type: this.name, attrs: { latex } }),
    };
  },
});

export const Image = Node.create({
  name: 'image',
  group: 'inline',
  inline: true,
  draggable: true,
  addAttributes() {
    return { src: { default: null }, alt: { default: null } };
  },
  parseHTML() {
    return [{ tag: 'img[src]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['img', HTMLAttributes];
  },
  addCommands() {
    return {
      insertImage:
        (src: string) =>
        ({ commands }) =>
          commands.insertContent({ type: this.name, attrs: { src } }),
    };
  },
});

const cellAttrs = () => ({
  colspan: { default: 1, parseHTML: (el: HTMLElement) => Number(el.getAttribute('colspan') ?? 1) },
  rowspan: { default: 1, parseHTML: (el: HTMLElement) => Number(el.getAttribute('rowspan') ?? 1) },
});

export const Table = Node.create({
  name: 'table',
  group: 'block',
  content: 'tableRow+',
  isolating: true,
  parseHTML() {
    return [{ tag: 'table' }];
  },
  renderHTML() {
    return ['table', ['tbody', 0]];
  },
  addCommands() {
    return {
      insertTable:
        (rows: number, cols: number) =>
        ({ commands }) => {
          const cell = { type: 'tableCell', content: [{ type: 'paragraph' }] };
          const row = { type: 'tableRow', content: Array.from({ length: cols }, () => cell) };
          return commands.insertContent({ type: this.name, content: Array.from({ length: rows }, () => row) });
        },
    };
  },
});

export const TableRow = Node.create({
  name: 'tableRow',
  content: '(tableCell | tableHeader)+',
  parseHTML() {
    return [{ tag: 'tr' }];
  },
  renderHTML() {
    return ['tr', 0];
  },
});

export const TableCell = Node.create({
  name: 'tableCell',
  content: 'block+',
  isolating: true,
  addAttributes: cellAttrs,
  parseHTML() {
    return [{ tag: 'td' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['td', HTMLAttributes, 0];
  },
});

export const TableHeader = Node.create({
  name: 'tableHeader',
  content: 'block+',
  isolating: true,
  addAttributes: cellAttrs,
  parseHTML() {
    return [{ tag: 'th' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['th', HTMLAttributes, 0];
  },
});
