/** 系统配置: site data and logos, layout and login switches, SMS settings, storage folder, and the configuration list. */
import { SaveOutlined } from '@ant-design/icons';
import {
  sysConfigAdminDetail,
  sysConfigSave,
  type TAdminConfig,
  type TConfigSave,
  ZSiteConfigSchema,
} from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Col, Form, Input, Radio, Row, Select, Skeleton, Space, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { call } from '../../../../api/call';
import { usePermission } from '../../../../components';
import { useAppStore } from '../../../../stores/app';
import { directoryRule } from '../../../../utils/validators';
import { attempt, zodRule } from '../shared';
import BookRulesCard from './BookRulesCard';
import ConfigItemsCard from './ConfigItemsCard';
import LogoUpload from './LogoUpload';
import OauthSettingsCard from './OauthSettingsCard';

type Values = TAdminConfig & { customDir: boolean };

const SWITCHES: { name: keyof TAdminConfig; label: string }[] = [
  { name: 'tagsView', label: '显示标签栏' },
  { name: 'fixedHeader', label: '固定头部' },
  { name: 'sidebarLogo', label: '侧边栏Logo' },
  { name: 'regOpen', label: '开放注册' },
  { name: 'regReview', label: '注册需审核' },
  { name: 'mobileLogin', label: '手机号登录' },
  { name: 'faceLogin', label: '人脸登录' },
  { name: 'wechatLogin', label: '微信登录' },
  { name: 'dingtalkLogin', label: '钉钉登录' },
  { name: 'oidcLogin', label: '企业统一认证登录' },
];
const fields = ZSiteConfigSchema.shape;

export default function SysConfigPage() {
  const { message } = App.useApp();
  const canSave = usePermission('sys:config:save');
  const setSite = useAppStore((s) => s.setSite);
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const config = useQuery({ queryKey: ['sys-config-admin'], queryFn: () => call(sysConfigAdminDetail, {}) });
  const customDir = Form.useWatch('customDir', form);
  const provider = Form.useWatch(['sms', 'provider'], form);

  useEffect(() => {
    if (config.data) form.setFieldsValue({ ...config.data, customDir: Boolean(config.data.storageDir) });
  }, [config.data, form]);

  const submit = async () => {
    const { customDir: custom, ...values } = await form.validateFields();
    const body: TConfigSave = { ...values, storageDir: custom ? values.storageDir : null };
    setSaving(true);
    const ok = await attempt(() => call(sysConfigSave, body));
    setSaving(false);
    if (!ok) return;
    message.success('保存成功');
    const { sms: _sms, storageDir: _dir, oauth, ...site } = body;
    setSite({ ...site, oidcName: oauth?.oidc?.name || null });
    void config.refetch();
  };

  if (config.isLoading) return <Skeleton active />;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Form name="siteConfig" form={form} layout="vertical" disabled={!canSave} onFinish={submit}>
        <Row gutter={16}>
          <Col xs={24} xl={12}>
            <Card title="站点信息" className="page-card" style={{ height: '100%' }}>
              <Form.Item label="站点名称" name="siteName" required rules={[zodRule(fields.siteName)]}>
                <Input placeholder="显示在页头与浏览器标题" maxLength={64} />
              </Form.Item>
              <Row gutter={16}>
                <Col span={12}>
                  <Form.Item label="前台Logo" name="frontLogo">
                    <LogoUpload />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item label="后台Logo" name="backLogo">
                    <LogoUpload />
                  </Form.Item>
                </Col>
              </Row>
              <Form.Item label="版权信息" name="copyRight" rules={[zodRule(fields.copyRight)]}>
                <Input placeholder="显示在学员端页脚" maxLength={200} />
              </Form.Item>
            </Card>
          </Col>
          <Col xs={24} xl={12}>
            <Card title="界面与登录" className="page-card" style={{ height: '100%' }}>
              <Row gutter={[16, 0]}>
                {SWITCHES.map((s) => (
                  <Col span={8} key={s.name}>
                    <Form.Item label={s.label} name={s.name} valuePropName="checked">
                      <Switch checkedChildren="开" unCheckedChildren="关" />
                    </Form.Item>
                  </Col>
                ))}
              </Row>
              <Form.Item label="文件存储目录" name="customDir">
                <Radio.Group
                  options={[
                    { value: false, label: '默认（数据目录/files）' },
                    { value: true, label: '自定义目录' },
                  ]}
                />
              </Form.Item>
              {customDir && (
                <Form.Item
                  name="storageDir"
                  rules={[directoryRule]}
                  extra="以 / 或盘符开头，并以 / 结尾，如 /data/files/"
                >
                  <Input placeholder="/data/files/" />
                </Form.Item>
              )}
            </Card>
          </Col>
          <Col span={24} style={{ marginTop: 16 }}>
            <Card title="短信设置" className="page-card">
              <Row gutter={16}>
                <Col xs={24} md={8}>
                  <Form.Item label="短信服务商" name={['sms', 'provider']}>
                    <Select
                      options={[
                        { value: 'log', label: '仅记录日志（测试）' },
                        { value: 'aliyun', label: '阿里云短信' },
                        { value: 'http', label: 'HTTP短信网关' },
                      ]}
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} md={8}>
                  <Form.Item label="AccessKey ID" name={['sms', 'accessKeyId']}>
                    <Input disabled={provider !== 'aliyun'} autoComplete="off" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={8}>
                  <Form.Item
                    label="AccessKey Secret"
                    name={['sms', 'accessKeySecret']}
                    extra="已保存的密钥显示为 ******，不修改则保持不变"
                  >
                    <Input.Password disabled={provider !== 'aliyun'} autoComplete="new-password" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={8}>
                  <Form.Item label="短信签名" name={['sms', 'signName']}>
                    <Input disabled={provider !== 'aliyun'} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={8}>
                  <Form.Item label="模板编码" name={['sms', 'templateCode']}>
                    <Input disabled={provider !== 'aliyun'} placeholder="如 SMS_123456" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={8}>
                  <Form.Item label="服务地址" name={['sms', 'endpoint']}>
                    <Input disabled={provider !== 'aliyun'} placeholder="dysmsapi.aliyuncs.com" />
                  </Form.Item>
                </Col>
              </Row>
              {provider === 'http' && (
                <Row gutter={16}>
                  <Col xs={24} md={8}>
                    <Form.Item
                      label="短信网关地址"
                      name={['sms', 'httpUrl']}
                      rules={[{ required: true, message: '请输入短信网关地址' }]}
                    >
                      <Input placeholder="https://sms.example.com/send" />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={16}>
                    <Form.Item
                      label="请求模板"
                      name={['sms', 'httpTemplate']}
                      rules={[{ required: true, message: '请输入请求模板' }]}
                      extra="POST 到网关的内容，{mobile} 和 {code} 会被替换；以 { 开头按 JSON 发送，否则按表单发送"
                    >
                      <Input.TextArea
                        rows={2}
                        placeholder='{"phone":"{mobile}","text":"您的验证码是{code}，5分钟内有效"}'
                      />
                    </Form.Item>
                  </Col>
                </Row>
              )}
            </Card>
          </Col>
          <Col span={24} style={{ marginTop: 16 }}>
            <OauthSettingsCard />
          </Col>
          <Col span={24} style={{ marginTop: 16 }}>
            <Card className="page-card">
              {canSave && (
                <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={saving}>
                  保存配置
                </Button>
              )}
            </Card>
          </Col>
        </Row>
      </Form>
      <BookRulesCard />
      <ConfigItemsCard />
    </Space>
  );
}
