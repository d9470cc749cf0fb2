/** /profile/index: the same user centre inside the admin layout. */
import UserCenter from '../web/uc/UserCenter';

export default function AdminProfile() {
  return <UserCenter />;
}
