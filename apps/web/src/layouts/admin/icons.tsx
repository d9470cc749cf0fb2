/** Menu icons by name from @ant-design/icons (e.g. 'UserOutlined'). */
import {
  ApartmentOutlined,
  AuditOutlined,
  BarChartOutlined,
  BellOutlined,
  BookOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  FileTextOutlined,
  FormOutlined,
  MailOutlined,
  MenuOutlined,
  NotificationOutlined,
  ReadOutlined,
  RocketOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  TeamOutlined,
  ToolOutlined,
  TrophyOutlined,
  UserOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { type ComponentType, useEffect, useState } from 'react';

type IconSet = Record<string, ComponentType<object>>;

/** The icons the menu catalogue uses, bundled one by one; any other name loads the full set on demand. */
const COMMON: IconSet = {
  ApartmentOutlined,
  AuditOutlined,
  BarChartOutlined,
  BellOutlined,
  BookOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  FileTextOutlined,
  FormOutlined,
  MailOutlined,
  MenuOutlined,
  NotificationOutlined,
  ReadOutlined,
  RocketOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  TeamOutlined,
  ToolOutlined,
  TrophyOutlined,
  UserOutlined,
  VideoCameraOutlined,
};
const ICON_NAME = /(Outlined|Filled|TwoTone)$/;
let allIcons: IconSet | null = null;

export function MenuIcon({ name }: { name?: string | null }) {
  const key = name ? (ICON_NAME.test(name) ? name : `${name}Outlined`) : null;
  const known = key ? COMMON[key] : undefined;
  const [, setLoaded] = useState(false);
  useEffect(() => {
    if (!key || known || allIcons) return;
    let live = true;
    import('@ant-design/icons').then((icons) => {
      allIcons = icons as unknown as IconSet;
      if (live) setLoaded(true);
    });
    return () => {
      live = false;
    };
  }, [key, known]);
  const Icon = known ?? (key && allIcons ? allIcons[key] : undefined);
  return Icon ? <Icon /> : null;
}
