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
  LayoutOutlined,
  MailOutlined,
  MenuOutlined,
  NotificationOutlined,
  PlayCircleOutlined,
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
import type { ComponentType } from 'react';

type IconSet = Record<string, ComponentType<object>>;

/**
 * The icons a menu may use, bundled one by one. A wildcard import of @ant-design/icons (static or
 * lazy) puts all ~800 icons (180 KB gzip) on the first page, so a name outside this list shows no
 * icon; add it here to use it.
 */
export const MENU_ICONS: IconSet = {
  ApartmentOutlined,
  AuditOutlined,
  BarChartOutlined,
  BellOutlined,
  BookOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  FileTextOutlined,
  FormOutlined,
  LayoutOutlined,
  MailOutlined,
  MenuOutlined,
  NotificationOutlined,
  PlayCircleOutlined,
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

export function MenuIcon({ name }: { name?: string | null }) {
  if (!name) return null;
  const Icon = MENU_ICONS[ICON_NAME.test(name) ? name : `${name}Outlined`];
  return Icon ? <Icon /> : null;
}
