/**
 * Shows sanitised question HTML; formulas are rendered with KaTeX, blanks numbered by CSS. KaTeX
 * (~75 KB gzip) is loaded only when the HTML holds a formula (the exam room budget).
 */
import { useLayoutEffect, useRef } from 'react';
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
    const formulas = [...(ref.current?.querySelectorAll<HTMLElement>('span[data-formula]') ?? [])];
    if (formulas.length === 0) return;
    void import('./formula').then(({ renderFormula }) => {
      for (const el of formulas) if (el.isConnected) renderFormula(el, el.getAttribute('data-formula') ?? '');
    });
  }, [html]);
  const Tag = inline ? 'span' : 'div';
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server, or produced by the schema-bound editor
    <Tag ref={ref as never} className={`qu-rich ${className ?? ''}`} dangerouslySetInnerHTML={{ __html: html ?? '' }} />
  );
}
