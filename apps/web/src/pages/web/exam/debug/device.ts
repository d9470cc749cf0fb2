/** Browser facts and latency grades of the device check. */
export interface BrowserInfo {
  name: string;
  version: string;
  os: string;
  supported: boolean;
}

/**
 * The operating system: an iPhone's browsers all say "like Mac OS X", and an iPad since iPadOS 13
 * asks for the desktop site with a Mac's user agent, told apart by its touch screen (a Mac has none).
 */
export function osName(ua: string, touchPoints = 0): string {
  const pick = (re: RegExp) => ua.match(re)?.[1]?.replace(/_/g, '.') ?? '';
  const named = (name: string, version: string) => (version ? `${name} ${version}` : name);
  if (/Windows/.test(ua)) return 'Windows';
  if (/Android/.test(ua)) return named('Android', pick(/Android ([\d.]+)/));
  if (/iPhone|iPod/.test(ua)) return named('iOS', pick(/OS ([\d_]+) like Mac OS X/));
  if (/iPad/.test(ua)) return named('iPadOS', pick(/OS ([\d_]+) like Mac OS X/));
  if (/Macintosh|Mac OS X/.test(ua)) return touchPoints > 1 ? 'iPadOS' : 'macOS';
  if (/CrOS/.test(ua)) return 'ChromeOS';
  if (/Linux/.test(ua)) return 'Linux';
  return '未知';
}

export function browserInfo(ua: string, touchPoints = 0): BrowserInfo {
  const pick = (re: RegExp) => ua.match(re)?.[1] ?? '';
  let name = '未知浏览器';
  let version = '';
  // on iOS and iPadOS every browser is Safari's engine under its own name
  if (/EdgiOS\//.test(ua)) [name, version] = ['Edge', pick(/EdgiOS\/([\d.]+)/)];
  else if (/CriOS\//.test(ua)) [name, version] = ['Chrome', pick(/CriOS\/([\d.]+)/)];
  else if (/FxiOS\//.test(ua)) [name, version] = ['Firefox', pick(/FxiOS\/([\d.]+)/)];
  else if (/Edg\//.test(ua)) [name, version] = ['Edge', pick(/Edg\/([\d.]+)/)];
  else if (/Firefox\//.test(ua)) [name, version] = ['Firefox', pick(/Firefox\/([\d.]+)/)];
  else if (/Chrome\//.test(ua))
    [name, version] = [/HeadlessChrome/.test(ua) ? 'Chrome（无界面）' : 'Chrome', pick(/Chrome\/([\d.]+)/)];
  else if (/Safari\//.test(ua)) [name, version] = ['Safari', pick(/Version\/([\d.]+)/)];
  const major = Number.parseInt(version, 10) || 0;
  const supported =
    (name.startsWith('Chrome') && major >= 90) ||
    (name === 'Edge' && major >= 90) ||
    (name === 'Firefox' && major >= 90) ||
    (name === 'Safari' && major >= 14);
  return { name, version: version.split('.')[0], os: osName(ua, touchPoints), supported };
}

/**
 * The smallest window the exam room is made for: its phone layout (one question at a time, the
 * answer card in a drawer) is checked down to a 360 × 800 screen; below 360 px or 560 px high the
 * timer, the question and 交卷 no longer share the screen.
 */
export const ROOM_MIN = { width: 360, height: 560 };

export const windowFits = (width: number, height: number): boolean =>
  width >= ROOM_MIN.width && height >= ROOM_MIN.height;

export function latencyGrade(ms: number | null): { text: string; color: string } {
  if (ms === null) return { text: '无法连接', color: 'error' };
  if (ms < 150) return { text: '良好', color: 'success' };
  if (ms < 500) return { text: '一般', color: 'warning' };
  return { text: '较差', color: 'error' };
}
