/** 第二机位: the QR code a phone scans to become the second camera of the learner's open paper. */
import { examProctorSecondLink, PROCTOR_SECOND_CAMERA_LINK_MINUTES } from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Skeleton, Typography } from 'antd';
import { call } from '../../api/call';
import { formatTime } from '../../utils/date-format';

export default function SecondCameraQr({ paperId }: { paperId: string }) {
  const link = useQuery({
    queryKey: ['proctor-second-link', paperId],
    queryFn: () => call(examProctorSecondLink, { paperId }, { silent: true }),
    // A new link before the old one lapses.
    refetchInterval: (PROCTOR_SECOND_CAMERA_LINK_MINUTES - 5) * 60_000,
  });
  return (
    <div data-testid="second-camera" style={{ textAlign: 'center' }}>
      {link.isLoading ? (
        <Skeleton.Image active style={{ width: 200, height: 200 }} />
      ) : link.isError || !link.data ? (
        <Alert
          type="error"
          showIcon
          title={(link.error as Error | null)?.message || '二维码获取失败'}
          action={
            <Button size="small" onClick={() => void link.refetch()}>
              重试
            </Button>
          }
        />
      ) : (
        <>
          <img src={link.data.qr} alt="第二机位二维码" width={200} height={200} style={{ maxWidth: '100%' }} />
          <div style={{ color: '#8c8c8c', fontSize: 12 }}>二维码 {formatTime(link.data.expiresAt, 'HH:mm')} 前有效</div>
        </>
      )}
      <Typography.Paragraph style={{ textAlign: 'left', marginTop: 12, marginBottom: 0 }}>
        <ol style={{ paddingLeft: 20, margin: 0 }}>
          <li>用手机相机或微信扫描二维码，在手机上允许使用摄像头；</li>
          <li>将手机放在身体侧后方约 1 米处，画面能同时看到桌面、双手和电脑屏幕；</li>
          <li>保持手机屏幕常亮并接通电源，考试结束前不要关闭手机页面。</li>
        </ol>
      </Typography.Paragraph>
    </div>
  );
}
