/** 推流信息: the RTMP address and the room's stream key for OBS, copy buttons, and regenerating the key. */
import { ReloadOutlined } from '@ant-design/icons';
import type { TLivePush, TLiveRecord } from '@exam/contracts';
import { liveRoomPushDetail, liveRoomRegenerateKey } from '@exam/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Modal, Typography } from 'antd';
import { call } from '../../../api/call';

export default function PushModal({ room, onClose }: { room: TLiveRecord | null; onClose: () => void }) {
  const { modal } = App.useApp();
  const client = useQueryClient();
  const key = ['live-push', room?.id];
  const push = useQuery({
    queryKey: key,
    queryFn: () => call(liveRoomPushDetail, { id: room?.id ?? '' }),
    enabled: Boolean(room),
  });
  const regenerate = () =>
    modal.confirm({
      title: '重新生成推流密钥',
      content: '旧密钥将立即失效，讲师需要在推流软件中换用新密钥。确定继续吗？',
      onOk: async () => client.setQueryData<TLivePush>(key, await call(liveRoomRegenerateKey, { id: room?.id ?? '' })),
    });
  const d = push.data;
  return (
    <Modal title={`推流信息：${room?.title ?? ''}`} open={Boolean(room)} onCancel={onClose} footer={null} width={640}>
      {d && !d.configured && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message="尚未配置直播服务器，暂时无法推流"
          description="请先启动 nginx-rtmp 媒体服务器并设置 LIVE_RTMP_URL、LIVE_HLS_URL、LIVE_HOOK_SECRET。"
        />
      )}
      {d && (
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label="推流地址（服务器）">
            <Typography.Text copyable data-testid="push-url">
              {d.rtmpUrl ?? '未配置'}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="推流密钥（串流密钥）">
            <Typography.Text copyable code data-testid="push-key">
              {d.streamKey}
            </Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        在 OBS 的“设置 → 推流”中选择“自定义”，填入以上服务器地址和串流密钥；建议关键帧间隔设为 1
        秒以降低延迟。密钥请勿外传。
      </Typography.Paragraph>
      <Button icon={<ReloadOutlined />} onClick={regenerate} disabled={!d}>
        重新生成密钥
      </Button>
    </Modal>
  );
}
