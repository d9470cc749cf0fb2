/**
 * 证书验证 (public, no sign-in): /cert/verify to type a verification code, or a certificate number
 * with the holder's name (numbers are sequential, so a number alone is not enough); /cert/verify/:code
 * is what a certificate's QR code opens, and /cert/verify/<number> what its printed number links to:
 * that one fills the number in and asks for the holder's name. Shows the issuer, the masked holder,
 * the achievement, dates and the status.
 */
import {
  CheckCircleFilled,
  CloseCircleFilled,
  ExclamationCircleFilled,
  SafetyCertificateOutlined,
} from '@ant-design/icons';
import { CERT_NO_PATTERN, CERT_STATUS_LABELS, type TCertVerifyResult } from '@exam/contracts';
import { Alert, Button, Card, Descriptions, Input, type InputRef, Result, Space, Spin } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { certApi } from '../../../api/cert';
import { formatCertDate as formatDate } from '../format';

const STATUS_ICON = {
  valid: <CheckCircleFilled style={{ color: '#52c41a' }} />,
  expired: <ExclamationCircleFilled style={{ color: '#faad14' }} />,
  revoked: <CloseCircleFilled style={{ color: '#ff4d4f' }} />,
};

export default function CertVerifyPage() {
  const { code } = useParams();
  const [keyword, setKeyword] = useState(code ?? '');
  const [holderName, setHolderName] = useState('');
  const [loading, setLoading] = useState(false);
  const [result, setResult] = useState<TCertVerifyResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** A number was given without the holder's name: the name box asks for it. */
  const [needName, setNeedName] = useState(false);
  const nameInput = useRef<InputRef>(null);

  const check = useCallback(async (k: string, name?: string) => {
    if (!k.trim()) return;
    const askName = CERT_NO_PATTERN.test(k.trim()) && !name?.trim();
    setNeedName(askName);
    if (askName) {
      setError(null);
      setResult(null);
      nameInput.current?.focus();
      return;
    }
    setLoading(true);
    setError(null);
    setResult(null);
    try {
      setResult(await certApi.verify(k.trim(), name?.trim()));
    } catch (e) {
      setError(e instanceof Error ? e.message : '查询失败');
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    if (code) void check(code);
  }, [code, check]);

  return (
    <div style={{ minHeight: '100vh', background: '#f0f2f5', padding: '32px 12px' }}>
      <div style={{ maxWidth: 640, margin: '0 auto' }}>
        <h1 style={{ textAlign: 'center', fontSize: 24, marginBottom: 24 }}>
          <SafetyCertificateOutlined /> 证书验证
        </h1>
        <Card>
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Input
              size="large"
              allowClear
              placeholder="请输入验证码或证书编号"
              value={keyword}
              onChange={(e) => setKeyword(e.target.value)}
              onPressEnter={() => check(keyword, holderName)}
              aria-label="证书编号或验证码"
            />
            <Space.Compact style={{ width: '100%' }}>
              <Input
                ref={nameInput}
                size="large"
                allowClear
                status={needName ? 'warning' : undefined}
                placeholder="按证书编号查询时请填写持证人姓名"
                value={holderName}
                onChange={(e) => setHolderName(e.target.value)}
                onPressEnter={() => check(keyword, holderName)}
                aria-label="持证人姓名"
              />
              <Button size="large" type="primary" loading={loading} onClick={() => check(keyword, holderName)}>
                查询
              </Button>
            </Space.Compact>
          </Space>
        </Card>
        {loading && !result && (
          <div style={{ textAlign: 'center', marginTop: 24 }}>
            <Spin />
          </div>
        )}
        {needName && (
          <Alert
            style={{ marginTop: 16 }}
            type="info"
            showIcon
            data-testid="cert-verify-need-name"
            message="按证书编号查询，请填写持证人姓名后点击查询"
            description="证书编号是连续编排的，需同时核对持证人姓名；扫描证书上的二维码可直接验证。"
          />
        )}
        {error && <Alert style={{ marginTop: 16 }} type="error" showIcon message={error} />}
        {result && (
          <Card style={{ marginTop: 16 }} data-testid="cert-verify-result">
            <Result
              style={{ padding: '8px 0 16px' }}
              icon={STATUS_ICON[result.status]}
              title={`证书${CERT_STATUS_LABELS[result.status]}`}
              subTitle={
                result.status === 'revoked' && result.revokeReason ? `撤销原因：${result.revokeReason}` : undefined
              }
            />
            <Descriptions
              column={1}
              bordered
              size="small"
              items={[
                { key: 'no', label: '证书编号', children: result.certNo },
                { key: 'name', label: '持有人', children: result.holderName },
                { key: 't', label: '证书名称', children: result.tmplTitle ?? '—' },
                { key: 'i', label: '发证机构', children: result.issuerName ?? '—' },
                { key: 'a', label: '获得成就', children: result.achievement },
                { key: 'd', label: '发证日期', children: formatDate(result.issuedAt) },
                {
                  key: 'v',
                  label: '有效期至',
                  children: result.validUntil ? formatDate(result.validUntil) : '长期有效',
                },
                { key: 's', label: '状态', children: CERT_STATUS_LABELS[result.status] },
              ]}
            />
          </Card>
        )}
      </div>
    </div>
  );
}
