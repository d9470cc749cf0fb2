/** Sidebar, device, component size, layout settings, theme colour and the site config (SPEC 4, 9). */
import Cookies from 'js-cookie';
import { create } from 'zustand';
import type { SiteConfig } from '../api/system';

export type Device = 'desktop' | 'mobile';
export type SizeName = 'default' | 'medium' | 'small' | 'mini';
export const SIZES: SizeName[] = ['default', 'medium', 'small', 'mini'];
export const SIZE_LABELS: Record<SizeName, string> = { default: '默认', medium: '中等', small: '较小', mini: '迷你' };
export const DEFAULT_THEME = '#1890ff';
export const DEFAULT_SITE_NAME = '云帆在线考试培训平台';
export const SIDEBAR_COOKIE = 'sidebarStatus';
export const SIZE_COOKIE = 'size';
export const SETTINGS_KEY = 'layout-settings';

export interface LayoutSettings {
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
}
const DEFAULT_SETTINGS: LayoutSettings = { tagsView: true, fixedHeader: true, sidebarLogo: true };

interface StoredSettings extends Partial<LayoutSettings> {
  theme?: string;
}

function readStored(): StoredSettings {
  try {
    return JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? '{}') as StoredSettings;
  } catch {
    return {};
  }
}

function writeStored(next: StoredSettings): void {
  try {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify({ ...readStored(), ...next }));
  } catch {
    // storage full or disabled: the choice lasts for this page only
  }
}

const readSize = (): SizeName => {
  const value = Cookies.get(SIZE_COOKIE) as SizeName | undefined;
  return value && SIZES.includes(value) ? value : 'medium';
};

interface AppState {
  sidebarOpened: boolean;
  withoutAnimation: boolean;
  device: Device;
  size: SizeName;
  site: SiteConfig;
  siteLoaded: boolean;
  settings: LayoutSettings;
  theme: string;
  toggleSidebar: () => void;
  closeSidebar: (withoutAnimation: boolean) => void;
  setDevice: (device: Device) => void;
  setSize: (size: SizeName) => void;
  setSite: (site: Partial<SiteConfig>) => void;
  changeSetting: <K extends keyof LayoutSettings>(key: K, value: LayoutSettings[K]) => void;
  setTheme: (color: string) => void;
}

/** Settings the user changed win over the site config, which wins over the defaults. */
function mergeSettings(site: Partial<SiteConfig>): LayoutSettings {
  const stored = readStored();
  const pick = (key: keyof LayoutSettings): boolean =>
    stored[key] ?? (typeof site[key] === 'boolean' ? (site[key] as boolean) : DEFAULT_SETTINGS[key]);
  return { tagsView: pick('tagsView'), fixedHeader: pick('fixedHeader'), sidebarLogo: pick('sidebarLogo') };
}

export const useAppStore = create<AppState>((set, get) => ({
  sidebarOpened: Cookies.get(SIDEBAR_COOKIE) !== '0',
  withoutAnimation: false,
  device: 'desktop',
  size: readSize(),
  site: { siteName: DEFAULT_SITE_NAME },
  siteLoaded: false,
  settings: mergeSettings({}),
  theme: readStored().theme ?? DEFAULT_THEME,
  toggleSidebar: () => {
    const opened = !get().sidebarOpened;
    Cookies.set(SIDEBAR_COOKIE, opened ? '1' : '0');
    set({ sidebarOpened: opened, withoutAnimation: false });
  },
  closeSidebar: (withoutAnimation) => {
    Cookies.set(SIDEBAR_COOKIE, '0');
    set({ sidebarOpened: false, withoutAnimation });
  },
  setDevice: (device) => set({ device }),
  setSize: (size) => {
    Cookies.set(SIZE_COOKIE, size);
    set({ size });
  },
  setSite: (site) => {
    const merged = { ...get().site, ...site, siteName: site.siteName || get().site.siteName };
    set({ site: merged, siteLoaded: true, settings: mergeSettings(merged) });
  },
  changeSetting: (key, value) => {
    writeStored({ [key]: value });
    set({ settings: { ...get().settings, [key]: value } });
  },
  setTheme: (theme) => {
    writeStored({ theme });
    set({ theme });
  },
}));
