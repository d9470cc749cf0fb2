/**
 * 第三方登录设置: WeChat open-platform app, DingTalk app and an enterprise OpenID
 * Connect provider. Secrets come back as ****** and are kept when sent back unchanged; the
 * public site config never carries any of them.
 */
import { ZOauthConfigSchema } from '@exam/contracts';
import { Card, Col, Form, Input, Row, Typography } from 'antd';
import { zodRule } from '../shared';

const SECRET_EXTRA = '已保存的密钥显示为 ******，不修改则保持不变';
const { wechat, dingtalk, oidc } = ZOauthConfigSchema.shape;
/** The server's own checks of the address fields (web addresses), so the form says it first. */
const rule = {
  wechatAuthorize: [zodRule(wechat.unwrap().shape.authorizeUrl)],
  wechatApi: [zodRule(wechat.unwrap().shape.apiBaseUrl)],
  dingtalkAuthorize: [zodRule(dingtalk.unwrap().shape.authorizeUrl)],
  dingtalkApi: [zodRule(dingtalk.unwrap().shape.apiBaseUrl)],
  discovery: [zodRule(oidc.unwrap().shape.discoveryUrl)],
};

/** A provider's column heading: no top margin, so the three columns start level under the card title. */
const Heading = ({ children }: { children: string }) => (
  <Typography.Title level={5} style={{ marginTop: 0, marginBottom: 16 }}>
    {children}
  </Typography.Title>
);

export default function OauthSettingsCard() {
  return (
    <Card title="第三方登录设置" className="page-card" data-testid="oauth-settings">
      <Row gutter={16}>
        <Col xs={24} lg={8}>
          <Heading>微信（开放平台网站应用）</Heading>
          <Form.Item label="AppID" name={['oauth', 'wechat', 'appId']}>
            <Input autoComplete="off" placeholder="wx..." />
          </Form.Item>
          <Form.Item label="AppSecret" name={['oauth', 'wechat', 'appSecret']} extra={SECRET_EXTRA}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item label="授权地址（可选）" name={['oauth', 'wechat', 'authorizeUrl']} rules={rule.wechatAuthorize}>
            <Input placeholder="https://open.weixin.qq.com/connect/qrconnect" />
          </Form.Item>
          <Form.Item label="接口地址（可选）" name={['oauth', 'wechat', 'apiBaseUrl']} rules={rule.wechatApi}>
            <Input placeholder="https://api.weixin.qq.com" />
          </Form.Item>
        </Col>
        <Col xs={24} lg={8}>
          <Heading>钉钉</Heading>
          <Form.Item label="Client ID（AppKey）" name={['oauth', 'dingtalk', 'clientId']}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item
            label="Client Secret（AppSecret）"
            name={['oauth', 'dingtalk', 'clientSecret']}
            extra={SECRET_EXTRA}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            label="授权地址（可选）"
            name={['oauth', 'dingtalk', 'authorizeUrl']}
            rules={rule.dingtalkAuthorize}
          >
            <Input placeholder="https://login.dingtalk.com/oauth2/auth" />
          </Form.Item>
          <Form.Item label="接口地址（可选）" name={['oauth', 'dingtalk', 'apiBaseUrl']} rules={rule.dingtalkApi}>
            <Input placeholder="https://api.dingtalk.com" />
          </Form.Item>
        </Col>
        <Col xs={24} lg={8}>
          <Heading>企业统一认证（OpenID Connect）</Heading>
          <Form.Item label="登录按钮名称" name={['oauth', 'oidc', 'name']}>
            <Input placeholder="企业统一认证" maxLength={32} />
          </Form.Item>
          <Form.Item
            label="发现地址（Issuer）"
            name={['oauth', 'oidc', 'discoveryUrl']}
            rules={rule.discovery}
            extra="如 https://sso.example.com/realms/exam"
          >
            <Input />
          </Form.Item>
          <Form.Item label="Client ID" name={['oauth', 'oidc', 'clientId']}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item label="Client Secret" name={['oauth', 'oidc', 'clientSecret']} extra={SECRET_EXTRA}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Row gutter={8}>
            <Col span={14}>
              <Form.Item label="授权范围" name={['oauth', 'oidc', 'scopes']}>
                <Input placeholder="openid profile" />
              </Form.Item>
            </Col>
            <Col span={10}>
              <Form.Item label="姓名声明" name={['oauth', 'oidc', 'userNameClaim']}>
                <Input placeholder="name" />
              </Form.Item>
            </Col>
          </Row>
        </Col>
      </Row>
      <div style={{ color: '#8c8c8c' }}>
        回调地址请在第三方平台登记为：{`${window.location.origin}/sync`}；开关在“界面与登录”中。
      </div>
    </Card>
  );
}
