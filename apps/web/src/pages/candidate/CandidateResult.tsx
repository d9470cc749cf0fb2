/**
 * 考试结果 for a candidate (/candidate/<token>/result/<paperId>): the learners' result page, as
 * the exam's review settings allow (the server decides what it shows), then the certificate when
 * one was issued and the way out (退出 ends the session).
 */
import { DownloadOutlined, LogoutOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { candidateSelfLeave, candidateSelfMe } from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Space } from 'antd';
import { lazy, useState } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../../api/call';
import { certApi } from '../../api/cert';
import { removeToken } from '../../utils/auth';

const ExamResult = lazy(() => import('../web/exam/result/index'));

export default function CandidateResult({ token }: { token: string }) {
  const navigate = useNavigate();
  const me = useQuery({ queryKey: ['candidate-me-result'], queryFn: () => call(candidateSelfMe, {}) });
  const cert = me.data?.cert;
  const { message } = App.useApp();
  const [loading, setLoading] = useState(false);
  /** The PDF as a file the phone saves or opens (no new window: in-app browsers block pop-ups). */
  const download = async (id: string, certNo: string) => {
    setLoading(true);
    try {
      const url = await certApi.previewUrl(id);
      const a = document.createElement('a');
      a.href = url;
      a.download = `${certNo}.pdf`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (e) {
      message.error(e instanceof Error ? e.message : '下载失败');
    } finally {
      setLoading(false);
    }
  };
  return (
    <div className="candidate-page candidate-page--result">
      <ExamResult />
      <Card className="candidate-card" variant="borderless">
        <Space direction="vertical" style={{ width: '100%' }} size={12}>
          {cert && (
            <Button
              block
              size="large"
              type="primary"
              icon={<SafetyCertificateOutlined />}
              onClick={() => navigate(`/cert/verify/${cert.verifyCode}`)}
              data-testid="candidate-cert"
            >
              查看证书（{cert.certNo}）
            </Button>
          )}
          {cert && (
            <Button
              block
              size="large"
              icon={<DownloadOutlined />}
              loading={loading}
              onClick={() => download(cert.id, cert.certNo)}
              data-testid="candidate-cert-pdf"
            >
              下载证书 PDF
            </Button>
          )}
          <Button
            block
            size="large"
            icon={<LogoutOutlined />}
            data-testid="candidate-leave"
            onClick={async () => {
              await call(candidateSelfLeave, {}, { silent: true }).catch(() => undefined);
              removeToken();
              navigate(`/candidate/${token}`, { replace: true });
            }}
          >
            退出考试
          </Button>
          <div className="candidate-note">会话将在考试结束时自动失效。</div>
        </Space>
      </Card>
    </div>
  );
}
