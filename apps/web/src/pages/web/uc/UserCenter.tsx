/** The tabs of the user centre, shared by /web/uc and /profile/index; ?tab=msg opens the messages. */
import {
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
import { Avatar, Badge, Card, Descriptions, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { useUserStore } from '../../../stores/user';
import BindList from './BindList';
import FaceEnrol from './FaceEnrol';
import FavNoteList from './FavNoteList';
import MessageList from './MessageList';
import MyCerts from './MyCerts';
import MyStudy from './MyStudy';
import PasswordForm from './PasswordForm';
import ProfileForm from './ProfileForm';

export const UC_TABS = ['profile', 'password', 'face', 'bind', 'msg', 'cert', 'study', 'fav', 'note'] as const;

export default function UserCenter() {
  const [params, setParams] = useSearchParams();
  const user = useUserStore();
  const tab = UC_TABS.includes(params.get('tab') as never) ? (params.get('tab') as string) : 'profile';
  return (
    <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <Card className="page-card uc-profile">
        <div style={{ textAlign: 'center', marginBottom: 16 }}>
          <Avatar size={88} src={user.avatar || undefined} icon={<UserOutlined />} />
          <div style={{ fontSize: 18, fontWeight: 600, marginTop: 12 }}>{user.realName || user.userName}</div>
          <div style={{ color: '#8c8c8c' }}>{user.roleType === 2 ? '管理员' : '学员'}</div>
        </div>
        <Descriptions
          column={1}
          size="small"
          items={[
            { key: 'u', label: '用户名', children: user.userName },
            { key: 'm', label: '手机号', children: user.mobile || '未绑定' },
            { key: 'd', label: '部门编码', children: user.deptCode || '—' },
            { key: 'r', label: '角色', children: user.roles.join('、') || '—' },
          ]}
        />
      </Card>
      <Card style={{ flex: 1, minWidth: 320 }} className="page-card">
        <Tabs
          activeKey={tab}
          onChange={(key) => setParams(key === 'profile' ? {} : { tab: key }, { replace: true })}
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
