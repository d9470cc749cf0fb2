/** A logo picker for forms: uploads the image and keeps its URL as the field value, with a preview. */
import { DeleteOutlined, EyeOutlined, LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Image, Space, Upload } from 'antd';
import { useState } from 'react';
import { uploadImage } from '../../../../api/sys-admin';

const MAX_BYTES = 2 * 1024 * 1024;

export default function LogoUpload({
  value,
  onChange,
  disabled,
}: {
  value?: string | null;
  onChange?: (value: string | null) => void;
  disabled?: boolean;
}) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState(false);

  const pick = async (file: File) => {
    if (!file.type.startsWith('image/')) {
      message.error('请选择图片文件');
      return;
    }
    if (file.size > MAX_BYTES) {
      message.error('图片不能超过2MB');
      return;
    }
    setBusy(true);
    try {
      const saved = await uploadImage(file);
      onChange?.(saved.url);
    } catch {
      // the client already showed the error
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space align="start">
      <Upload
        accept="image/*"
        listType="picture-card"
        showUploadList={false}
        disabled={disabled || busy}
        beforeUpload={(file) => {
          void pick(file);
          return false;
        }}
      >
        {value ? (
          <img src={value} alt="logo" style={{ width: '100%', height: '100%', objectFit: 'contain' }} />
        ) : (
          <div>
            {busy ? <LoadingOutlined /> : <PlusOutlined />}
            <div style={{ marginTop: 6 }}>上传图片</div>
          </div>
        )}
      </Upload>
      {value && (
        <Space direction="vertical" size={4}>
          <Button size="small" icon={<EyeOutlined />} onClick={() => setPreview(true)} disabled={false}>
            预览
          </Button>
          <Button size="small" danger icon={<DeleteOutlined />} onClick={() => onChange?.(null)} disabled={disabled}>
            移除
          </Button>
          <Image
            src={value}
            style={{ display: 'none' }}
            preview={{ open: preview, onOpenChange: (open) => setPreview(open) }}
          />
        </Space>
      )}
    </Space>
  );
}
