/** 账号绑定: the WeChat, DingTalk and OIDC identities of the signed-in user; bind and unbind. */
import { DingdingOutlined, KeyOutlined, WechatOutlined } from '@ant-design/icons';
import { OAUTH_PROVIDER_LABELS, sysOauthBindList, sysOauthUnbind, type TOauthProvider } from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Empty, List, Popconfirm, Tag } from 'antd';
import { useState } from 'react';
import { call } from '../../../api/call';
import { goToProvider } from '../../../api/oauth';
import { useAppStore } from '../../../stores/app';
import { formatDateTime } from '../../../utils/time';

const ICONS: Record<TOauthProvider, React.ReactNode> = {
  wechat: <WechatOutlined style={{ color: '#07c160', fontSize: 24 }} />,
  dingtalk: <DingdingOutlined style={{ color: '#1677ff', fontSize: 24 }} />,
  oidc: <KeyOutlined style={{ color: '#722ed1', fontSize: 24 }} />,
};

export default function BindList() {
  const { message } = App.useApp();
  const site = useAppStore((s) => s.site);
  const list = useQuery({ queryKey: ['oauth-binds'], queryFn: () => call(sysOauthBindList, {}, { silent: true }) });
  const [busy, setBusy] = useState<string | null>(null);
  const enabled = (
    [site.wechatLogin && 'wechat', site.dingtalkLogin && 'dingtalk', site.oidcLogin && 'oidc'] as (
      | TOauthProvider
      | false
      | undefined
    )[]
  ).filter(Boolean) as TOauthProvider[];
  const bound = new Map((list.data ?? []).map((b) => [b.provider, b]));
  const providers = [...new Set<TOauthProvider>([...enabled, ...bound.keys()])];
  const label = (p: TOauthProvider) => (p === 'oidc' && site.oidcName ? site.oidcName : OAUTH_PROVIDER_LABELS[p]);

  const bind = async (provider: TOauthProvider) => {
    setBusy(provider);
    try {
      await goToProvider(provider, 'bind', `${window.location.pathname}?tab=bind`);
    } catch {
      setBusy(null);
    }
  };
  const unbind = async (provider: TOauthProvider) => {
    setBusy(provider);
    try {
      await call(sysOauthUnbind, { provider });
      message.success(`已解绑${label(provider)}`);
      await list.refetch();
    } catch {
      // shown by the client
    } finally {
      setBusy(null);
    }
  };

  if (!list.isLoading && providers.length === 0)
    return <Empty description="管理员未开启第三方登录" data-testid="bind-list-empty" />;
  return (
    <List
      data-testid="bind-list"
      loading={list.isLoading}
      dataSource={providers}
      renderItem={(provider) => {
        const b = bound.get(provider);
        return (
          <List.Item
            data-testid={`bind-${provider}`}
            actions={[
              b ? (
                <Popconfirm
                  key="unbind"
                  title={`确定解绑${label(provider)}吗？`}
                  description="解绑后将不能再用它登录本账号"
                  onConfirm={() => unbind(provider)}
                >
                  <Button danger loading={busy === provider}>
                    解绑
                  </Button>
                </Popconfirm>
              ) : (
                <Button
                  key="bind"
                  type="primary"
                  loading={busy === provider}
                  disabled={!enabled.includes(provider)}
                  onClick={() => bind(provider)}
                >
                  绑定
                </Button>
              ),
            ]}
          >
            <List.Item.Meta
              avatar={ICONS[provider]}
              title={
                <span>
                  {label(provider)} {b ? <Tag color="green">已绑定</Tag> : <Tag>未绑定</Tag>}
                </span>
              }
              description={
                b
                  ? `${b.displayName ? `${b.displayName} · ` : ''}绑定于 ${formatDateTime(b.createdAt)}`
                  : `绑定后可用${label(provider)}直接登录`
              }
            />
          </List.Item>
        );
      }}
    />
  );
}
