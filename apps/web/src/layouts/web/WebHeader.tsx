/** Learner header (SPEC 2): site name and logo, three top buttons, unread badge, name, admin link, logout. */

import {
  BookOutlined,
  FormOutlined,
  LogoutOutlined,
  NotificationOutlined,
  SettingOutlined,
  UserOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { RoleType } from '@exam/contracts';
import { Avatar, Badge, Button, Divider, Tooltip } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useConfirmLogout } from '../../hooks/useConfirmLogout';
import { useUnreadMsg } from '../../hooks/useUnreadMsg';
import { useAppStore } from '../../stores/app';
import { useUserStore } from '../../stores/user';

/**
 * The top buttons; `short` is the label under the icon on a phone (the button's name stays the
 * full label). 直播课堂 only when live classes are configured (the user info's features).
 */
export const TOP_BUTTONS = [
  { path: '/web/course', label: '课程学习', short: '课程', icon: <BookOutlined /> },
  { path: '/web/live', label: '直播课堂', short: '直播', icon: <VideoCameraOutlined />, feature: 'live' as const },
  { path: '/web/index', label: '在线考试', short: '考试', icon: <FormOutlined /> },
  { path: '/web/uc', label: '用户中心', short: '我的', icon: <UserOutlined /> },
];

/** Icon, full label (wide screens) and short label (phones); named by the full label. */
function Labelled({ label, short }: { label: string; short: string }) {
  return (
    <>
      <span className="web-header__label">{label}</span>
      <span className="web-header__short" aria-hidden="true">
        {short}
      </span>
    </>
  );
}

function activeTop(pathname: string): string {
  if (pathname.startsWith('/web/course')) return '/web/course';
  if (pathname.startsWith('/web/uc')) return '/web/uc';
  if (pathname.startsWith('/web/live')) return '/web/live';
  if (pathname.startsWith('/web/index') || pathname.startsWith('/web/exam')) return '/web/index';
  return '';
}

export default function WebHeader() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const site = useAppStore((s) => s.site);
  const realName = useUserStore((s) => s.realName);
  const userName = useUserStore((s) => s.userName);
  const avatar = useUserStore((s) => s.avatar);
  const roleType = useUserStore((s) => s.roleType);
  const unread = useUnreadMsg();
  const logout = useConfirmLogout(true);
  const active = activeTop(pathname);
  const features = useUserStore((s) => s.features);

  return (
    <header className="web-header">
      <div className="web-header__inner">
        <a className="web-header__brand" onClick={() => navigate('/web/index')} href="/web/index">
          {site.frontLogo ? <img src={site.frontLogo} alt="logo" /> : <img src="/favicon.svg" alt="logo" />}
          <span>{site.siteName}</span>
        </a>
        <nav className="web-header__nav">
          {TOP_BUTTONS.filter((b) => !b.feature || features[b.feature]).map((b) => (
            <Button
              key={b.path}
              type={active === b.path ? 'primary' : 'text'}
              icon={b.icon}
              aria-label={b.label}
              onClick={() => navigate(b.path)}
            >
              <Labelled label={b.label} short={b.short} />
            </Button>
          ))}
        </nav>
        <div className="web-header__user">
          <Tooltip title="系统公告">
            <Button
              type="text"
              className="web-header__phone-labelled"
              icon={<NotificationOutlined />}
              aria-label="系统公告"
              data-testid="notice-link"
              onClick={() => navigate('/web/notice')}
            >
              <span className="web-header__short" aria-hidden="true">
                公告
              </span>
            </Button>
          </Tooltip>
          <Tooltip title={unread > 0 ? `您有 ${unread} 条未读消息` : '我的消息'}>
            <a
              href="/web/uc?tab=msg"
              aria-label={unread > 0 ? `我的消息（${unread} 条未读）` : '我的消息'}
              data-testid="unread-badge"
              onClick={(e) => {
                e.preventDefault();
                navigate('/web/uc?tab=msg');
              }}
            >
              <Badge count={unread} overflowCount={99} size="small">
                <Avatar src={avatar || undefined} icon={<UserOutlined />} style={{ background: '#1677ff' }} />
              </Badge>
            </a>
          </Tooltip>
          <span>{realName || userName}</span>
          {roleType === RoleType.ADMIN && (
            <>
              <Divider orientation="vertical" />
              <Button
                type="link"
                icon={<SettingOutlined />}
                onClick={() => navigate('/admin/dashboard')}
                aria-label="管理中心"
              >
                管理中心
              </Button>
            </>
          )}
          <Divider orientation="vertical" />
          <Button type="text" icon={<LogoutOutlined />} aria-label="退出" onClick={logout}>
            <Labelled label="退出" short="退出" />
          </Button>
        </div>
      </div>
    </header>
  );
}
