/** 公告详情 — built in a later issue; replace this file. */
import UnderConstruction from '../../../../components/UnderConstruction';

export default function WebNoticeDetail() {
  return <UnderConstruction title="公告详情" />;
}
