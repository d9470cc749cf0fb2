/** Help centre: common questions of learners and administrators, with a search box. */
import { ArrowLeftOutlined, CustomerServiceOutlined, QuestionCircleOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, Collapse, Empty, Input, Tabs, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAppStore } from '../../stores/app';
import { useUserStore } from '../../stores/user';
import { ADMIN_FAQ, type Faq, LEARNER_FAQ } from './faq';

function FaqList({ items }: { items: Faq[] }) {
  if (!items.length) return <Empty description="没有找到相关问题" />;
  return (
    <Collapse
      accordion
      defaultActiveKey={items[0]?.q}
      items={items.map((f) => ({
        key: f.q,
        label: <strong>{f.q}</strong>,
        children: <p style={{ margin: 0, lineHeight: 1.8 }}>{f.a}</p>,
      }))}
    />
  );
}

export default function HelpPage() {
  const navigate = useNavigate();
  const site = useAppStore((s) => s.site);
  const token = useUserStore((s) => s.token);
  const [query, setQuery] = useState('');
  const filter = useMemo(
    () => (items: Faq[]) => items.filter((f) => !query || f.q.includes(query) || f.a.includes(query)),
    [query],
  );
  return (
    <div style={{ minHeight: '100vh', background: '#f5f7fa' }}>
      <div
        style={{
          background: 'linear-gradient(135deg, #0b3c8c, #1677ff 60%, #36cfc9)',
          color: '#fff',
          padding: '28px 0 64px',
        }}
      >
        <div style={{ maxWidth: 960, margin: '0 auto', padding: '0 20px' }}>
          <Button
            type="link"
            icon={<ArrowLeftOutlined />}
            style={{ color: '#fff', paddingLeft: 0 }}
            onClick={() => navigate(token ? '/' : '/login')}
          >
            {token ? '返回首页' : '返回登录'}
          </Button>
          <Typography.Title style={{ color: '#fff', marginTop: 12 }}>
            <QuestionCircleOutlined /> 帮助中心
          </Typography.Title>
          <div style={{ opacity: 0.85, marginBottom: 20 }}>{site.siteName} 使用指南与常见问题解答</div>
          <Input
            size="large"
            allowClear
            prefix={<SearchOutlined />}
            placeholder="搜索问题，例如：忘记密码、考试、导入用户"
            value={query}
            onChange={(e) => setQuery(e.target.value.trim())}
            style={{ maxWidth: 520 }}
          />
        </div>
      </div>
      <div style={{ maxWidth: 960, margin: '-40px auto 0', padding: '0 20px 40px' }}>
        <Card>
          <Tabs
            items={[
              {
                key: 'learner',
                label: `学员常见问题（${filter(LEARNER_FAQ).length}）`,
                children: <FaqList items={filter(LEARNER_FAQ)} />,
              },
              {
                key: 'admin',
                label: `管理员常见问题（${filter(ADMIN_FAQ).length}）`,
                children: <FaqList items={filter(ADMIN_FAQ)} />,
              },
            ]}
          />
        </Card>
        <Card style={{ marginTop: 16 }}>
          <Typography.Text>
            <CustomerServiceOutlined /> 仍未解决您的问题？请联系所在单位的系统管理员，或在登录后通过“学习助教”在线提问。
          </Typography.Text>
        </Card>
        <div style={{ textAlign: 'center', color: '#8c8c8c', marginTop: 24, fontSize: 12 }}>{site.copyRight}</div>
      </div>
    </div>
  );
}
