/**
 * What is not set up yet, for the administrator (the learner's screens hide what is off): the
 * media server of live classes, the assistant's model, the SMS sender and the file storage, each
 * with the admin page (or the environment variables) where it is done.
 */
import type { TTrainingOverview } from '@exam/contracts';
import type { Executor } from '../../platform/db.js';
import type { StorageConfig } from '../../platform/storage/storage-config.js';
import { isOn, readSettings } from '../assistant/assistant-config.js';
import { liveSettings } from '../live/live-settings.js';
import { adminConfig } from '../system/config/config.service.js';

type SetupItem = NonNullable<TTrainingOverview['setup']>[number];

export async function setupList(db: Executor, storage: StorageConfig, env = process.env): Promise<SetupItem[]> {
  const live = liveSettings(env);
  const assistant = await readSettings(db);
  const config = await adminConfig(db);
  const sms = config.sms.provider;
  return [
    {
      key: 'live',
      title: '直播服务器',
      done: live.configured,
      detail: live.configured
        ? `推流 ${live.rtmpUrl}，播放 ${live.hlsBase}`
        : '未配置：学员端不显示直播入口。请在服务器环境变量中设置 LIVE_RTMP_URL 和 LIVE_HLS_URL 后重启',
      path: '/admin/live/index',
    },
    {
      key: 'assistant',
      title: '学习助教模型',
      done: isOn(assistant),
      detail: isOn(assistant)
        ? `模型 ${assistant.model}`
        : '未启用：学员端不显示学习助教。请填写模型地址和模型名称并启用',
      path: '/admin/sys/assistant',
    },
    {
      key: 'sms',
      title: '短信发送',
      done: sms !== 'log',
      detail:
        sms === 'aliyun'
          ? '阿里云短信'
          : sms === 'http'
            ? 'HTTP 短信网关'
            : '未配置：验证码只写入服务器日志，手机验证码登录和找回密码无法收到短信',
      path: '/admin/sys/config',
    },
    {
      key: 'storage',
      title: '文件存储',
      done: storage.kind === 's3' || Boolean(config.storageDir),
      detail:
        storage.kind === 's3'
          ? 'S3 兼容对象存储'
          : config.storageDir
            ? `本机目录 ${config.storageDir}`
            : '使用默认数据目录：请设置存储目录（并纳入备份），多实例部署请改用 STORAGE=s3',
      path: '/admin/sys/config',
    },
  ];
}
