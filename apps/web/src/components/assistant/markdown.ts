/**
 * The assistant's answers as HTML: Markdown (markdown-it, raw HTML off), formulas with
 * KaTeX ($…$, $$…$$, \(…\), \[…\]), then DOMPurify, since the text comes from a model. Loaded with
 * the chat panel only, so that no other page carries these libraries.
 */
import DOMPurify from 'dompurify';
import katex from 'katex';
import 'katex/dist/katex.min.css';
import MarkdownIt from 'markdown-it';

const md = new MarkdownIt({ html: false, linkify: true, breaks: true });
const MATH = /\$\$([\s\S]+?)\$\$|\\\[([\s\S]+?)\\\]|\\\(([\s\S]+?)\\\)|\$([^$\n]+?)\$/g;

export function renderMarkdown(source: string): string {
  const formulas: string[] = [];
  const text = source.replace(MATH, (_, block, bracket, paren, inline) => {
    const display = block ?? bracket;
    formulas.push(
      katex.renderToString(display ?? paren ?? inline, { displayMode: display != null, throwOnError: false }),
    );
    return `@@KATEX${formulas.length - 1}@@`;
  });
  const html = md.render(text).replace(/@@KATEX(\d+)@@/g, (_, i) => formulas[Number(i)] ?? '');
  const clean = DOMPurify.sanitize(html, { ADD_ATTR: ['target'] });
  return clean.replace(/<a /g, '<a target="_blank" rel="noopener noreferrer" ');
}
