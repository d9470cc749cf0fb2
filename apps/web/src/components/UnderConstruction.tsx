/** The tidy placeholder of pages that later issues build ("功能建设中"). */
import { Card, Empty, Typography } from 'antd';

export default function UnderConstruction({ title }: { title: string }) {
  return (
    <Card className="page-card" title={title}>
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <>
            <Typography.Text strong>功能建设中</Typography.Text>
            <br />
            <Typography.Text type="secondary">该功能即将上线，敬请期待</Typography.Text>
          </>
        }
        style={{ padding: '48px 0' }}
      />
    </Card>
  );
}
