/**
 * 第三方登录设置 (issue 16 §2): WeChat open-platform app, DingTalk app and an enterprise OpenID
 * Connect provider. Secrets come back as ****** and are kept when sent back unchanged; the
 * public site config never carries any of them.
 */
import { Card, Col, Form, Input, Row } from 'antd';

const SECRET_EXTRA = '已保存的密钥显示为 ******，不修改则保持不变';

export default function OauthSettingsCard() {
  return (
    <Card title="第三方登录设置" className="page-card" data-testid="oauth-settings">
      <Row gutter={16}>
        <Col xs={24} lg={8}>
          <h4>微信（开放平台网站应用）</h4>
          <Form.Item label="AppID" name={['oauth', 'wechat', 'appId']}>
            <Input autoComplete="off" placeholder="wx..." />
          </Form.Item>
          <Form.Item label="AppSecret" name={['oauth', 'wechat', 'appSecret']} extra={SECRET_EXTRA}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item label="授权地址（可选）" name={['oauth', 'wechat', 'authorizeUrl']}>
            <Input placeholder="https://open.weixin.qq.com/connect/qrconnect" />
          </Form.Item>
          <Form.Item label="接口地址（可选）" name={['oauth', 'wechat', 'apiBaseUrl']}>
            <Input placeholder="https://api.weixin.qq.com" />
          </Form.Item>
        </Col>
        <Col xs={24} lg={8}>
          <h4>钉钉</h4>
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
          <Form.Item label="授权地址（可选）" name={['oauth', 'dingtalk', 'authorizeUrl']}>
            <Input placeholder="https://login.dingtalk.com/oauth2/auth" />
          </Form.Item>
          <Form.Item label="接口地址（可选）" name={['oauth', 'dingtalk', 'apiBaseUrl']}>
            <Input placeholder="https://api.dingtalk.com" />
          </Form.Item>
        </Col>
        <Col xs={24} lg={8}>
          <h4>企业统一认证（OpenID Connect）</h4>
          <Form.Item label="登录按钮名称" name={['oauth', 'oidc', 'name']}>
            <Input placeholder="企业统一认证" maxLength={32} />
          </Form.Item>
          <Form.Item
            label="发现地址（Issuer）"
            name={['oauth', 'oidc', 'discoveryUrl']}
            extra="如 https://sso.example.com/realms/exam（Keycloak）或 https://login.microsoftonline.com/租户ID/v2.0"
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
