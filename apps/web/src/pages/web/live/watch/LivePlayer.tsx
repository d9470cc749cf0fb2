/**
 * The live player: native HLS where the browser has it (Safari, iPhone), hls.js elsewhere, loaded
 * lazily so the first page does not carry it. Low-latency settings (two segments behind the live
 * edge); when the stream drops or a segment fails it reconnects every few seconds until the page
 * says the class ended. Starts muted (browsers allow muted autoplay); the controls unmute.
 * A pause or the end stops the watch at once; a buffering stall does not (the learner has not
 * left): only a stall longer than STALL_MS (the stream or the network is gone) counts as stopped.
 */
import { useEffect, useRef } from 'react';

const RETRY_MS = 3000;
export const STALL_MS = 10_000;

export default function LivePlayer({
  src,
  onPlayingChange,
}: {
  src: string;
  onPlayingChange: (playing: boolean) => void;
}) {
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const el = video.current;
    if (!el) return;
    let disposed = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let destroyHls: (() => void) | null = null;
    const play = () => void el.play().catch(() => undefined);

    const retry = (start: () => void) => {
      clearTimeout(timer);
      timer = setTimeout(() => !disposed && start(), RETRY_MS);
    };

    const startNative = () => {
      el.src = src;
      el.load();
      play();
    };
    const onNativeError = () => retry(startNative);

    const startHls = async () => {
      const { default: Hls } = await import('hls.js');
      if (disposed) return;
      destroyHls?.();
      const hls = new Hls({
        lowLatencyMode: true,
        liveSyncDurationCount: 2,
        liveMaxLatencyDurationCount: 6,
        backBufferLength: 30,
        manifestLoadingMaxRetry: 2,
      });
      destroyHls = () => hls.destroy();
      hls.on(Hls.Events.MANIFEST_PARSED, play);
      hls.on(Hls.Events.ERROR, (_e, data) => {
        if (!data.fatal) return;
        if (data.type === Hls.ErrorTypes.MEDIA_ERROR) hls.recoverMediaError();
        else retry(() => void startHls()); // the playlist is gone (stream dropped) or the network failed
      });
      hls.loadSource(src);
      hls.attachMedia(el);
    };

    const native = el.canPlayType('application/vnd.apple.mpegurl') !== '';
    if (native) {
      el.addEventListener('error', onNativeError);
      startNative();
    } else void startHls();

    let stall: ReturnType<typeof setTimeout> | undefined;
    const playing = () => {
      clearTimeout(stall);
      onPlayingChange(true);
    };
    const stopped = () => {
      clearTimeout(stall);
      onPlayingChange(false);
    };
    const waiting = () => {
      clearTimeout(stall);
      stall = setTimeout(() => !disposed && onPlayingChange(false), STALL_MS);
    };
    el.addEventListener('playing', playing);
    el.addEventListener('pause', stopped);
    el.addEventListener('waiting', waiting);
    el.addEventListener('ended', stopped);
    return () => {
      disposed = true;
      clearTimeout(timer);
      clearTimeout(stall);
      destroyHls?.();
      el.removeEventListener('error', onNativeError);
      el.removeEventListener('playing', playing);
      el.removeEventListener('pause', stopped);
      el.removeEventListener('waiting', waiting);
      el.removeEventListener('ended', stopped);
      el.removeAttribute('src');
      onPlayingChange(false);
    };
  }, [src, onPlayingChange]);

  return <video ref={video} className="live-video" controls muted autoPlay playsInline data-testid="live-video" />;
}
