/** Menu icons by name from @ant-design/icons (e.g. 'UserOutlined'). */
import * as AntIcons from '@ant-design/icons';
import type { ComponentType } from 'react';

const registry = AntIcons as unknown as Record<string, ComponentType<object>>;
const ICON_NAME = /(Outlined|Filled|TwoTone)$/;

export function MenuIcon({ name }: { name?: string | null }) {
  if (!name) return null;
  const key = ICON_NAME.test(name) ? name : `${name}Outlined`;
  const Icon = ICON_NAME.test(key) ? registry[key] : undefined;
  return Icon ? <Icon /> : null;
}
