/** Shows sanitised question HTML; formulas are rendered with KaTeX, blanks numbered by CSS. */
import 'katex/dist/katex.min.css';
import { useLayoutEffect, useRef } from 'react';
import { renderFormula } from './formula';
import './question.css';

export default function RichHtml({
  html,
  className,
  inline,
}: {
  html?: string | null;
  className?: string;
  inline?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: formulas are rendered again whenever the HTML changes
  useLayoutEffect(() => {
    for (const el of ref.current?.querySelectorAll<HTMLElement>('span[data-formula]') ?? [])
      renderFormula(el, el.getAttribute('data-formula') ?? '');
  }, [html]);
  const Tag = inline ? 'span' : 'div';
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server, or produced by the schema-bound editor
    <Tag ref={ref as never} className={`qu-rich ${className ?? ''}`} dangerouslySetInnerHTML={{ __html: html ?? '' }} />
  );
}
