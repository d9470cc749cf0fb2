/**
 * The captcha after repeated failures: altcha's proof-of-work widget, loaded only when the server
 * asks for it (its script is a chunk of its own, off every other page). The challenge comes from
 * the link's captcha call; the solved payload is handed back to the form.
 */
import { candidateOpenCaptcha } from '@exam/contracts';
import { useEffect, useRef, useState } from 'react';
import { call } from '../../api/call';

export default function Captcha({ token, onSolved }: { token: string; onSolved: (payload: string | null) => void }) {
  const host = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const solved = useRef(onSolved);
  solved.current = onSolved;

  useEffect(() => {
    let widget: HTMLElement | null = null;
    let gone = false;
    (async () => {
      try {
        await import('altcha');
        // @ts-expect-error altcha ships no type declarations for its language files
        await import('altcha/i18n/zh-cn');
        const challenge = await call(candidateOpenCaptcha, { token }, { silent: true });
        if (gone || !host.current) return;
        widget = document.createElement('altcha-widget');
        widget.setAttribute('language', 'zh-cn');
        widget.setAttribute('hidefooter', '');
        host.current.replaceChildren(widget);
        (widget as unknown as { configure(c: object): void }).configure({
          challenge,
          hideFooter: true,
          hideLogo: true,
        });
        widget.addEventListener('statechange', (ev) => {
          const detail = (ev as CustomEvent<{ state: string; payload?: string | null }>).detail;
          solved.current(detail.state === 'verified' ? (detail.payload ?? null) : null);
        });
      } catch {
        if (!gone) setFailed(true);
      }
    })();
    return () => {
      gone = true;
      widget?.remove();
    };
  }, [token]);

  return (
    <div className="candidate-captcha" data-testid="candidate-captcha">
      <div ref={host} />
      {failed && <div className="candidate-captcha__error">人机验证加载失败，请刷新页面重试</div>}
    </div>
  );
}
