/** 系统公告 — built in a later issue; replace this file. */
import UnderConstruction from '../../../components/UnderConstruction';

export default function WebNotice() {
  return <UnderConstruction title="系统公告" />;
}
