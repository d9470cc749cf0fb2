/**
 * Who owns each table: the one module that writes it. Other modules read a table
 * only when its owner stands below them (platform/layering.test.ts MODULE_ORDER) and change it
 * only through the owner's functions, a port or an event. `platform` owns the tables of the
 * platform layer (outbox, counters, tokens, the operation log), which every module may read.
 *
 * The tables stay in db/schema/ rather than in their modules: drizzle-kit reads one schema entry,
 * and platform/ and db/ (migrations, the seed, the token check, the outbox) import tables but never
 * a module. This map is the declaration instead, and platform/layering.test.ts holds every table to
 * it and to the schema file named after its owner (`<owner>.ts` or `<owner>-<topic>.ts`).
 */
export const TABLE_OWNERS = {
  // platform
  sys_event: 'platform',
  sys_event_delivery: 'platform',
  sys_attempt: 'platform',
  sys_token: 'platform',
  sys_log: 'platform',
  sys_realtime_ticket: 'platform',
  // system
  sys_depart: 'system',
  sys_role: 'system',
  sys_user: 'system',
  sys_user_role: 'system',
  sys_menu: 'system',
  sys_role_menu: 'system',
  sys_sms_code: 'system',
  sys_dic: 'system',
  sys_dic_value: 'system',
  sys_config: 'system',
  sys_config_item: 'system',
  sys_msg: 'system',
  sys_user_msg: 'system',
  sys_file: 'system',
  sys_user_face: 'system',
  sys_face_challenge: 'system',
  sys_user_bind: 'system',
  sys_oauth_flow: 'system',
  // notice
  sys_notice: 'notice',
  sys_notice_read: 'notice',
  // repo
  el_repo: 'repo',
  el_qu: 'repo',
  el_qu_repo: 'repo',
  el_knowledge_point: 'repo',
  el_qu_knowledge: 'repo',
  el_qu_stat: 'repo',
  // paper
  el_paper_tmpl: 'paper',
  // course
  el_course_category: 'course',
  el_course: 'course',
  el_course_chapter: 'course',
  el_course_file: 'course',
  el_course_learn: 'course',
  el_learn_clock: 'course',
  el_course_user: 'course',
  el_course_day: 'course',
  // sitting
  el_paper: 'sitting',
  el_paper_qu: 'sitting',
  el_paper_presence: 'sitting',
  el_mark_setting: 'sitting',
  el_qu_mark: 'sitting',
  el_regrade_job: 'sitting',
  el_regrade_item: 'sitting',
  // cert
  el_cert_tmpl: 'cert',
  el_cert_rule: 'cert',
  el_cert: 'cert',
  el_cert_seq: 'cert',
  // exam
  el_exam: 'exam',
  el_exam_override: 'exam',
  el_user_exam: 'exam',
  el_invigilate_msg: 'exam',
  // candidate
  el_exam_open_link: 'candidate',
  el_candidate: 'candidate',
  // proctor
  el_proctor_consent: 'proctor',
  el_proctor_door: 'proctor',
  el_proctor_snapshot: 'proctor',
  el_proctor_event: 'proctor',
  el_proctor_room: 'proctor',
  el_proctor_review: 'proctor',
  el_proctor_view: 'proctor',
  el_proctor_hold: 'proctor',
  // train
  el_train: 'train',
  el_train_qu: 'train',
  el_train_progress: 'train',
  el_user_fav_note: 'train',
  el_user_book: 'train',
  el_kp_mastery: 'train',
  el_qu_stat_due: 'train',
  // live
  el_live: 'live',
  el_live_chat: 'live',
  el_live_clock: 'live',
  el_live_minute: 'live',
  el_live_mute: 'live',
  el_live_viewer: 'live',
  // assistant
  el_assistant_msg: 'assistant',
  el_assistant_call: 'assistant',
  el_assistant_key: 'assistant',
} as const;

export type TableOwner = (typeof TABLE_OWNERS)[keyof typeof TABLE_OWNERS];
