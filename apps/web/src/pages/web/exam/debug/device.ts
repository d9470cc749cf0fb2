/** Browser facts and latency grades of the device check. */
export interface BrowserInfo {
  name: string;
  version: string;
  os: string;
  supported: boolean;
}

export function browserInfo(ua: string): BrowserInfo {
  const pick = (re: RegExp) => ua.match(re)?.[1] ?? '';
  let name = '未知浏览器';
  let version = '';
  if (/Edg\//.test(ua)) [name, version] = ['Edge', pick(/Edg\/([\d.]+)/)];
  else if (/Firefox\//.test(ua)) [name, version] = ['Firefox', pick(/Firefox\/([\d.]+)/)];
  else if (/Chrome\//.test(ua))
    [name, version] = [/HeadlessChrome/.test(ua) ? 'Chrome（无界面）' : 'Chrome', pick(/Chrome\/([\d.]+)/)];
  else if (/Safari\//.test(ua)) [name, version] = ['Safari', pick(/Version\/([\d.]+)/)];
  const os = /Windows/.test(ua)
    ? 'Windows'
    : /Mac OS X/.test(ua)
      ? 'macOS'
      : /Android/.test(ua)
        ? 'Android'
        : /iPhone|iPad/.test(ua)
          ? 'iOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : '未知';
  const major = Number.parseInt(version, 10) || 0;
  const supported =
    (name.startsWith('Chrome') && major >= 90) ||
    (name === 'Edge' && major >= 90) ||
    (name === 'Firefox' && major >= 90) ||
    (name === 'Safari' && major >= 14);
  return { name, version: version.split('.')[0], os, supported };
}

export function latencyGrade(ms: number | null): { text: string; color: string } {
  if (ms === null) return { text: '无法连接', color: 'error' };
  if (ms < 150) return { text: '良好', color: 'success' };
  if (ms < 500) return { text: '一般', color: 'warning' };
  return { text: '较差', color: 'error' };
}
