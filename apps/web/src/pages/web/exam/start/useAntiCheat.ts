/**
 * Anti-cheat of the exam room: full screen when required, leaving the page (tab hidden, window
 * blurred, full screen exited) reported to the server, whose forced hand-in is respected, and
 * copy/paste blocked when the exam says so.
 */
import { focusModeRefused, paperPaperLeave, type TPaperDetail } from '@exam/contracts';
import { App } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { call } from '../../../../api/call';
import { canFullScreen } from '../fullscreen';

export function useAntiCheat(paper: TPaperDetail | null, active: boolean, onForced: () => void) {
  const { message } = App.useApp();
  const [isFull, setIsFull] = useState(() => Boolean(document.fullscreenElement));
  const [leaveCount, setLeaveCount] = useState(0);
  /** Every leave this page saw (the proctored room snapshots on it), reported or not. */
  const [leaves, setLeaves] = useState(0);
  /**
   * No Fullscreen API for pages (iPhone Safari): the exam goes on in focus mode,
   * unless the exam refuses focus mode; then the room stays closed on this device.
   */
  const fullUnsupported = !canFullScreen();
  const focusRefused = Boolean(paper && focusModeRefused(paper, !fullUnsupported));
  const [focusMode, setFocusMode] = useState(false);
  const lastReport = useRef(0);
  const forcedRef = useRef(onForced);
  forcedRef.current = onForced;
  const paperId = paper?.id;
  const leaveLimit = paper?.leaveLimit ?? 0;

  useEffect(() => {
    if (paper) setLeaveCount(paper.leaveCount);
  }, [paper]);

  const report = useCallback(
    (kind: 'blur' | 'fullscreen-exit') => {
      if (!paperId || !active) return;
      const t = Date.now();
      if (t - lastReport.current < 1500) return; // one leave fires several events
      lastReport.current = t;
      setLeaves((n) => n + 1);
      call(paperPaperLeave, { paperId, kind }, { silent: true })
        .then((r) => {
          setLeaveCount(r.leaveCount);
          if (r.handed) {
            message.error('离开考试页面次数超过限制，系统已自动交卷');
            forcedRef.current();
          } else if (r.leaveLimit > 0) {
            message.warning(`您已离开考试页面 ${r.leaveCount} 次，超过 ${r.leaveLimit} 次将被强制交卷`);
          } else {
            message.warning('请勿离开考试页面，离开记录已上报');
          }
        })
        .catch(() => undefined);
    },
    [paperId, active, message],
  );

  useEffect(() => {
    if (!paperId || !active) return;
    const onVisibility = () => document.visibilityState === 'hidden' && report('blur');
    const onBlur = () => document.visibilityState === 'visible' && !document.hasFocus() && report('blur');
    // iOS may freeze a page without a visibilitychange (app switch, lock): pagehide still fires.
    const onPageHide = () => report('blur');
    const onFull = () => {
      const full = Boolean(document.fullscreenElement);
      setIsFull(full);
      if (!full && paper?.fullScreen) report('fullscreen-exit');
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('blur', onBlur);
    window.addEventListener('pagehide', onPageHide);
    document.addEventListener('fullscreenchange', onFull);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('blur', onBlur);
      window.removeEventListener('pagehide', onPageHide);
      document.removeEventListener('fullscreenchange', onFull);
    };
  }, [paperId, active, paper?.fullScreen, report]);

  useEffect(() => {
    if (!paper?.noCopy || !active) return;
    const block = (e: Event) => {
      e.preventDefault();
      message.warning('本场考试禁止复制粘贴');
    };
    const events = ['copy', 'paste', 'cut', 'contextmenu'] as const;
    for (const ev of events) document.addEventListener(ev, block, true);
    return () => {
      for (const ev of events) document.removeEventListener(ev, block, true);
    };
  }, [paper?.noCopy, active, message]);

  const enterFull = useCallback(async () => {
    if (!canFullScreen()) {
      message.warning('you browser can not work');
      return;
    }
    try {
      await document.documentElement.requestFullscreen();
    } catch {
      message.error('无法进入全屏，请检查浏览器设置');
    }
  }, [message]);

  const enterFocus = useCallback(() => {
    if (!focusRefused) setFocusMode(true);
  }, [focusRefused]);

  return {
    needFull: Boolean(paper?.fullScreen && active && !isFull && !focusMode),
    fullUnsupported,
    focusRefused,
    focusMode: Boolean(paper?.fullScreen && focusMode),
    enterFocus,
    enterFull,
    leaveCount,
    leaveLimit,
    leaves,
  };
}
