/** /web/uc: the learner's user centre (个人资料, 修改密码, 我的消息). */
import UserCenter from './UserCenter';

export default function WebUserCenter() {
  return <UserCenter />;
}
