/**
 * The blocking prompt of a window whose paper another window or device took over: nothing is
 * saved here until 继续在此作答 (which claims the paper back, reloads the server's answers first
 * and then re-sends this window's journal).
 */
import { App, Button, Modal, Result } from 'antd';
import { useState } from 'react';

interface Props {
  open: boolean;
  /** Answers of this window not saved. */
  pending: number;
  onTakeOver: () => Promise<void>;
  onLeave: () => void;
}

export default function TakeoverModal({ open, pending, onTakeOver, onLeave }: Props) {
  const { message } = App.useApp();
  const [taking, setTaking] = useState(false);
  const takeOver = async () => {
    setTaking(true);
    try {
      await onTakeOver();
    } catch (e) {
      message.error((e as Error).message || '接管失败，请重试');
    } finally {
      setTaking(false);
    }
  };
  return (
    <Modal open={open} closable={false} footer={null} centered maskClosable={false} keyboard={false}>
      <Result
        status="warning"
        title="本试卷已在其他窗口或设备上打开"
        subTitle={`此窗口的答案不再保存${pending > 0 ? `（${pending} 个答案未保存）` : ''}。继续在此作答将先载入服务器上的最新答案，之后其他窗口将无法保存。`}
        extra={[
          <Button key="take" type="primary" loading={taking} onClick={takeOver} data-testid="take-over">
            继续在此作答
          </Button>,
          <Button key="back" onClick={onLeave}>
            返回考试列表
          </Button>,
        ]}
      />
    </Modal>
  );
}
