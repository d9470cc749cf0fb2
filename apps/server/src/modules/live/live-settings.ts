/**
 * The media server settings, read from the environment at each use so that a test
 * or an operator sets them without a restart of anything but the process that reads them:
 * - LIVE_RTMP_URL  where lecturers push (shown to them with the room's key), e.g. rtmp://live.example.com/live
 * - LIVE_HLS_URL   where browsers fetch the HLS playlists, e.g. https://live.example.com/hls
 * - LIVE_HOOK_SECRET the secret nginx sends with its callbacks (?secret=), at least HOOK_SECRET_MIN
 *   characters (`npm run live:server` generates one). Required with the two URLs: without it every
 *   callback is refused, and the product does not start (liveStartRefusal). A connection's address
 *   proves nothing: behind a same-host proxy every caller comes from loopback.
 * - LIVE_RECORD_DIR the folder nginx records into; a record callback naming a file elsewhere is ignored
 * - LIVE_REMIND_MINUTES how many minutes before a room's start its audience gets an in-site message
 *   (default 10; 0 sends none)
 * Without LIVE_RTMP_URL and LIVE_HLS_URL the live screens say that no media server is configured.
 */
export interface LiveSettings {
  configured: boolean;
  rtmpUrl: string | null;
  hlsBase: string | null;
  hookSecret: string | null;
  recordDir: string | null;
  remindMinutes: number;
}

export const DEFAULT_REMIND_MINUTES = 10;

function minutesOf(v: string | undefined): number {
  const n = Number(v?.trim() || DEFAULT_REMIND_MINUTES);
  return Number.isFinite(n) && n >= 0 ? Math.min(n, 24 * 60) : DEFAULT_REMIND_MINUTES;
}

const clean = (v: string | undefined): string | null => (v?.trim() ? v.trim().replace(/\/+$/, '') : null);

export function liveSettings(env: NodeJS.ProcessEnv = process.env): LiveSettings {
  const rtmpUrl = clean(env.LIVE_RTMP_URL);
  const hlsBase = clean(env.LIVE_HLS_URL);
  return {
    configured: Boolean(rtmpUrl && hlsBase),
    rtmpUrl,
    hlsBase,
    hookSecret: env.LIVE_HOOK_SECRET?.trim() || null,
    recordDir: clean(env.LIVE_RECORD_DIR),
    remindMinutes: minutesOf(env.LIVE_REMIND_MINUTES),
  };
}

export const HOOK_SECRET_MIN = 16;

/** Why the product must not start with these live settings (the media server is set up without a usable secret), or null. */
export function liveStartRefusal(env: NodeJS.ProcessEnv = process.env): string | null {
  const s = liveSettings(env);
  if (!s.rtmpUrl && !s.hlsBase) return null;
  if ((s.hookSecret?.length ?? 0) >= HOOK_SECRET_MIN) return null;
  return `LIVE_HOOK_SECRET 未设置或少于 ${HOOK_SECRET_MIN} 个字符：设置了 LIVE_RTMP_URL/LIVE_HLS_URL 时必须设置它（与媒体服务器相同，npm run live:server 会生成并告诉您在哪里），否则任何人都能冒充媒体服务器回调`;
}

export const NOT_CONFIGURED = '尚未配置直播服务器（LIVE_RTMP_URL、LIVE_HLS_URL），请联系管理员';
