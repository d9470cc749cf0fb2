/**
 * Video and audio with honest progress: resumes at the last position, reports played ranges every
 * ~10 s (the server credits them against its clock), pulls back a seek past the furthest watched
 * point unless the course allows skipping, and offers no speed above 2x. Heartbeats start once the
 * media's metadata has loaded: the server credits nothing for a file whose bytes it never served.
 */
import {
  COURSE_BEAT_SECONDS,
  COURSE_SEEK_TOLERANCE,
  type TCourseFile,
  type TFileProgress,
  type THeartbeatResult,
} from '@exam/contracts';
import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { courseContentUrl, courseHeartbeat } from '../../../../api/course';

const MAX_RATE = 2;
/** A jump of the play head larger than this between two time updates is a seek, not playback. */
const JUMP_S = 3;

interface Props {
  file: TCourseFile;
  progress: TFileProgress | undefined;
  allowSkip: boolean;
  onBeat: (r: THeartbeatResult) => void;
}

export default function MediaPlayer({ file, progress, allowSkip, onBeat }: Props) {
  const { message } = App.useApp();
  const ref = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  const s = useRef({
    ranges: [] as [number, number][],
    segStart: -1,
    last: 0,
    played: false,
    hidden: false,
    furthest: 0,
    allowed: 0,
    loaded: false,
  });

  useEffect(() => {
    s.current.allowed = Math.max(s.current.allowed, progress?.allowedUntil ?? COURSE_SEEK_TOLERANCE);
  }, [progress?.allowedUntil]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: set up once per file; progress is read when the media loads
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const st = s.current;
    const closeSegment = () => {
      if (st.segStart >= 0 && st.last > st.segStart) st.ranges.push([st.segStart, st.last]);
      st.segStart = el.paused ? -1 : el.currentTime;
    };
    const send = () => {
      if (!st.loaded) return; // the bytes were not fetched yet: no heartbeat would count
      closeSegment();
      const beat = {
        fileId: file.id,
        position: el.currentTime,
        ranges: st.ranges.splice(0),
        rate: el.playbackRate,
        playing: st.played,
        visible: !st.hidden && document.visibilityState === 'visible',
      };
      st.played = !el.paused;
      st.hidden = document.visibilityState !== 'visible';
      courseHeartbeat(beat)
        .then((r) => {
          st.allowed = Math.max(st.allowed, r.allowedUntil);
          onBeat(r);
        })
        .catch(() => undefined);
    };
    const onTime = () => {
      const t = el.currentTime;
      if (!el.paused && st.segStart >= 0 && Math.abs(t - st.last) <= JUMP_S * el.playbackRate) {
        st.furthest = Math.max(st.furthest, t);
      } else if (!el.paused) {
        closeSegment();
        st.segStart = t;
      }
      st.last = t;
    };
    const onSeeking = () => {
      const limit = Math.max(st.allowed, st.furthest + COURSE_SEEK_TOLERANCE);
      if (!allowSkip && el.currentTime > limit) {
        el.currentTime = Math.max(0, limit - COURSE_SEEK_TOLERANCE);
        message.warning('不能拖动到尚未观看的位置');
      }
      closeSegment();
      st.segStart = el.paused ? -1 : el.currentTime;
      st.last = el.currentTime;
    };
    const onPlay = () => {
      st.played = true;
      st.segStart = el.currentTime;
      st.last = el.currentTime;
    };
    const onPause = () => {
      closeSegment();
      send();
    };
    const onRate = () => {
      if (el.playbackRate > MAX_RATE) {
        el.playbackRate = MAX_RATE;
        message.warning('播放速度最高为2倍');
      }
    };
    const onMeta = () => {
      const at = progress?.position ?? 0;
      if (at > 0 && at < el.duration - 1) el.currentTime = at;
      st.last = el.currentTime;
      if (!st.loaded) {
        st.loaded = true;
        send(); // starts the server's clock for this file
      }
    };
    const onVisibility = () => {
      if (document.visibilityState !== 'visible') st.hidden = true;
    };
    el.addEventListener('timeupdate', onTime);
    el.addEventListener('seeking', onSeeking);
    el.addEventListener('play', onPlay);
    el.addEventListener('pause', onPause);
    el.addEventListener('ratechange', onRate);
    el.addEventListener('loadedmetadata', onMeta);
    document.addEventListener('visibilitychange', onVisibility);
    if (el.readyState >= HTMLMediaElement.HAVE_METADATA) onMeta();
    const timer = window.setInterval(send, COURSE_BEAT_SECONDS * 1000);
    return () => {
      window.clearInterval(timer);
      send();
      el.removeEventListener('timeupdate', onTime);
      el.removeEventListener('seeking', onSeeking);
      el.removeEventListener('play', onPlay);
      el.removeEventListener('pause', onPause);
      el.removeEventListener('ratechange', onRate);
      el.removeEventListener('loadedmetadata', onMeta);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [file.id]);

  const src = courseContentUrl(file.id);
  return (
    <div className="course-player">
      {file.kind === 'audio' ? (
        // biome-ignore lint/a11y/useMediaCaption: course audio has no caption track
        <audio ref={ref} src={src} controls controlsList="nodownload noplaybackrate" data-testid="course-media" />
      ) : (
        // biome-ignore lint/a11y/useMediaCaption: uploaded course videos have no caption track
        <video ref={ref} src={src} controls controlsList="nodownload" playsInline data-testid="course-media" />
      )}
    </div>
  );
}
