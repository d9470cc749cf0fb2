/** KaTeX rendering of formula nodes, apart from the editor so that read-only pages load KaTeX alone. */
import katex from 'katex';
import 'katex/dist/katex.min.css';

/** Renders LaTeX into an element; a bad formula shows its source in red. */
export function renderFormula(el: HTMLElement, latex: string): void {
  try {
    katex.render(latex, el, { throwOnError: false, output: 'html' });
  } catch {
    el.textContent = latex;
  }
}
