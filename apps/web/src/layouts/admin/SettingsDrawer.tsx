/** Settings drawer: 标签栏, 固定头部, 侧边栏Logo and the theme colour, kept in localStorage. */
import { ColorPicker, Divider, Drawer, Switch, Typography } from 'antd';
import { DEFAULT_THEME, type LayoutSettings, useAppStore } from '../../stores/app';

const SWITCHES: { key: keyof LayoutSettings; label: string }[] = [
  { key: 'tagsView', label: '标签栏' },
  { key: 'fixedHeader', label: '固定头部' },
  { key: 'sidebarLogo', label: '侧边栏Logo' },
];

const PRESETS = ['#1890ff', '#409EFF', '#13c2c2', '#52c41a', '#fa8c16', '#f5222d', '#722ed1', '#304156'];

export default function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const settings = useAppStore((s) => s.settings);
  const changeSetting = useAppStore((s) => s.changeSetting);
  const theme = useAppStore((s) => s.theme);
  const setTheme = useAppStore((s) => s.setTheme);
  return (
    <Drawer title="系统布局设置" open={open} onClose={onClose} size={300} data-testid="settings-drawer">
      <div className="settings-item">
        <span>主题色</span>
        <ColorPicker
          value={theme}
          data-testid="theme-picker"
          presets={[{ label: '推荐', colors: PRESETS }]}
          onChangeComplete={(color) => setTheme(color.toHexString())}
          showText
        />
      </div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        默认主题色 {DEFAULT_THEME}
      </Typography.Text>
      <Divider />
      {SWITCHES.map((s) => (
        <div className="settings-item" key={s.key}>
          <span>{s.label}</span>
          <Switch
            checked={settings[s.key]}
            onChange={(v) => changeSetting(s.key, v)}
            data-testid={`setting-${s.key}`}
          />
        </div>
      ))}
    </Drawer>
  );
}
