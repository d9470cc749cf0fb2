/** The tabs of the user centre, shared by /web/uc and /profile/index; ?tab=msg opens the messages. */
import {
  AimOutlined,
  ApiOutlined,
  EditOutlined,
  FieldTimeOutlined,
  LockOutlined,
  MailOutlined,
  SafetyCertificateOutlined,
  ScanOutlined,
  StarOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Avatar, Badge, Card, Descriptions, Grid, Select, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import WeakPointsCard from '../../../components/mastery/WeakPointsCard';
import { useUserStore } from '../../../stores/user';
import BindList from './BindList';
import FaceEnrol from './FaceEnrol';
import FavNoteList from './FavNoteList';
import MessageList from './MessageList';
import MyCerts from './MyCerts';
import MyStudy from './MyStudy';
import PasswordForm from './PasswordForm';
import ProfileForm from './ProfileForm';
import { profileFacts } from './profile-facts';

export const UC_TABS = [
  'profile',
  'password',
  'face',
  'bind',
  'msg',
  'cert',
  'study',
  'mastery',
  'fav',
  'note',
] as const;

const UC_TAB_LABELS: [string, string][] = [
  ['profile', '个人资料'],
  ['password', '修改密码'],
  ['face', '刷脸登录'],
  ['bind', '账号绑定'],
  ['msg', '我的消息'],
  ['cert', '我的证书'],
  ['study', '学习记录'],
  ['mastery', '知识点掌握'],
  ['fav', '我的收藏'],
  ['note', '我的笔记'],
];

export default function UserCenter() {
  const [params, setParams] = useSearchParams();
  const user = useUserStore();
  const tab = UC_TABS.includes(params.get('tab') as never) ? (params.get('tab') as string) : 'profile';
  // Under 992 px the ten tabs do not fit one row and antd's ⋯ overflow menu is hidden on iPhones:
  // a Select names every tab instead, so 我的证书 is reachable at 360 px.
  const narrow = !Grid.useBreakpoint().lg;
  const select = (key: string) => setParams(key === 'profile' ? {} : { tab: key }, { replace: true });
  return (
    <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <Card className="page-card uc-profile">
        <div style={{ textAlign: 'center', marginBottom: 16 }}>
          <Avatar size={88} src={user.avatar || undefined} icon={<UserOutlined />} />
          <div style={{ fontSize: 18, fontWeight: 600, marginTop: 12 }}>{user.realName || user.userName}</div>
          <div style={{ color: '#8c8c8c' }}>{user.roleType === 2 ? '管理员' : '学员'}</div>
        </div>
        <Descriptions column={1} size="small" items={profileFacts(user)} />
      </Card>
      <Card style={{ flex: 1, minWidth: 320 }} className="page-card">
        {narrow && (
          <Select
            className="uc-tab-select"
            aria-label="用户中心栏目"
            value={tab}
            onChange={select}
            style={{ width: '100%', marginBottom: 12 }}
            options={UC_TAB_LABELS.map(([value, label]) => ({
              value,
              label: value === 'msg' && user.unreadMsg ? `${label}（${user.unreadMsg} 未读）` : label,
            }))}
          />
        )}
        <Tabs
          activeKey={tab}
          onChange={select}
          renderTabBar={narrow ? () => <span /> : undefined}
          items={[
            {
              key: 'profile',
              label: (
                <span>
                  <UserOutlined /> 个人资料
                </span>
              ),
              children: <ProfileForm />,
            },
            {
              key: 'password',
              label: (
                <span>
                  <LockOutlined /> 修改密码
                </span>
              ),
              children: <PasswordForm />,
            },
            {
              key: 'face',
              label: (
                <span>
                  <ScanOutlined /> 刷脸登录
                </span>
              ),
              children: <FaceEnrol />,
            },
            {
              key: 'bind',
              label: (
                <span>
                  <ApiOutlined /> 账号绑定
                </span>
              ),
              children: <BindList />,
            },
            {
              key: 'msg',
              label: (
                <Badge count={user.unreadMsg} overflowCount={99} size="small" offset={[8, -2]}>
                  <span>
                    <MailOutlined /> 我的消息
                  </span>
                </Badge>
              ),
              children: <MessageList />,
            },
            {
              key: 'cert',
              label: (
                <span>
                  <SafetyCertificateOutlined /> 我的证书
                </span>
              ),
              children: <MyCerts />,
            },
            {
              key: 'study',
              label: (
                <span>
                  <FieldTimeOutlined /> 学习记录
                </span>
              ),
              children: <MyStudy />,
            },
            {
              key: 'mastery',
              label: (
                <span>
                  <AimOutlined /> 知识点掌握
                </span>
              ),
              children: <WeakPointsCard />,
            },
            {
              key: 'fav',
              label: (
                <span>
                  <StarOutlined /> 我的收藏
                </span>
              ),
              children: <FavNoteList list="fav" />,
            },
            {
              key: 'note',
              label: (
                <span>
                  <EditOutlined /> 我的笔记
                </span>
              ),
              children: <FavNoteList list="note" />,
            },
          ]}
        />
      </Card>
    </div>
  );
}
