/** 我的证书: the learner's certificates with preview and PDF download. */
import { DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import { CERT_STATUS_LABELS, certCertDownload, certCertMyPaging, type TCert } from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, List, Modal, Space, Tag } from 'antd';
import { useState } from 'react';
import { call, callDownload } from '../../../api/call';
import { certApi } from '../../../api/cert';
import LoadFailed from '../../../components/LoadFailed';
import { formatCertDate as formatDate } from '../../cert/format';

const STATUS_COLOR = { valid: 'green', expired: 'orange', revoked: 'red' } as const;

export default function MyCerts() {
  const { data, isLoading, isError, error, refetch } = useQuery({
    queryKey: ['my-certs'],
    queryFn: () => call(certCertMyPaging, { current: 1, size: 100, params: {} }),
  });
  const [preview, setPreview] = useState<string | null>(null);
  const [opening, setOpening] = useState<string | null>(null);
  const open = async (c: TCert) => {
    setOpening(c.id);
    try {
      setPreview(await certApi.previewUrl(c.id));
    } finally {
      setOpening(null);
    }
  };
  const close = () => {
    if (preview) URL.revokeObjectURL(preview);
    setPreview(null);
  };
  return (
    <>
      <List
        itemLayout="vertical"
        loading={isLoading}
        dataSource={data?.records ?? []}
        locale={{
          emptyText: isError ? (
            <LoadFailed error={error} onRetry={() => void refetch()} />
          ) : (
            <Empty description="暂无证书" />
          ),
        }}
        renderItem={(c) => (
          <List.Item
            data-testid="my-cert"
            actions={
              c.status === 'revoked'
                ? []
                : [
                    <Button
                      key="p"
                      size="small"
                      icon={<EyeOutlined />}
                      loading={opening === c.id}
                      onClick={() => open(c)}
                    >
                      预览
                    </Button>,
                    <Button
                      key="d"
                      size="small"
                      type="primary"
                      icon={<DownloadOutlined />}
                      onClick={() => callDownload(certCertDownload, { id: c.id }, `${c.certNo}.pdf`)}
                    >
                      下载
                    </Button>,
                  ]
            }
          >
            <List.Item.Meta
              title={
                <Space wrap>
                  <span>{c.tmplTitle ?? '证书'}</span>
                  <Tag color={STATUS_COLOR[c.status]}>{CERT_STATUS_LABELS[c.status]}</Tag>
                </Space>
              }
              description={
                <div style={{ overflowWrap: 'anywhere' }}>
                  <div>{c.achievement}</div>
                  <div>
                    编号 {c.certNo} · 发证 {formatDate(c.issuedAt)}
                    {c.validUntil ? ` · 有效期至 ${formatDate(c.validUntil)}` : ''}
                  </div>
                  {c.revokeReason && <div style={{ color: '#ff4d4f' }}>撤销原因：{c.revokeReason}</div>}
                </div>
              }
            />
          </List.Item>
        )}
      />
      <Modal
        open={Boolean(preview)}
        onCancel={close}
        footer={null}
        width="min(960px, 96vw)"
        title="证书预览"
        destroyOnHidden
      >
        {preview && <iframe title="证书预览" src={preview} style={{ width: '100%', height: '70vh', border: 0 }} />}
      </Modal>
    </>
  );
}
