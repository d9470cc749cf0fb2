/** Every module's routes; one line per module. */
import type { FastifyInstance } from 'fastify';
import type { Seeder } from '../db/seed/context.js';
import { provideCandidateIdentity, provideIdentity } from '../platform/auth.js';
import { provideUploadFolder, type StartupHooks } from '../platform/boot.js';
import type { AnyConsumer } from '../platform/events/index.js';
import { providePageMeta } from '../platform/page-meta.js';
import type { Policy } from '../platform/policy/index.js';
import type { TopicRule } from '../platform/realtime/index.js';
import { registerAssistantModule } from './assistant/assistant.module.js';
import { conversationPolicy } from './assistant/assistant.policy.js';
import { isOn, readSettings } from './assistant/assistant-config.js';
import { seedDemoCandidates } from './candidate/candidate.demo-seed.js';
import { registerCandidateModule } from './candidate/candidate.module.js';
import { openLinkPolicy } from './candidate/candidate.policy.js';
import { candidateHolder } from './candidate/candidate-holder.js';
import { candidateIdentity } from './candidate/candidate-identity.js';
import { candidateRosterPolicy } from './candidate/org/candidate-roster.policy.js';
import { registerRosterRoutes } from './candidate/org/roster.routes.js';
import { LINK_PAGE, linkPageMeta } from './candidate/share-meta.js';
import { seedDemoCert } from './cert/cert.demo-seed.js';
import { certConsumers, registerCertModule } from './cert/cert.module.js';
import { certPolicy } from './cert/cert.policy.js';
import { examCertHolders } from './cert/cert-holders.js';
import { provideOutsideHolder } from './cert/holder-port.js';
import { seedDemoCourse } from './course/course.demo-seed.js';
import { registerCourseModule } from './course/course.module.js';
import { coursePolicy } from './course/course.policy.js';
import { courseFileOutsideRefused } from './course/course-content.js';
import { provideExamTitles } from './course/exam-titles.js';
import { questionsInUse, reposInUse } from './exam/content-usage.js';
import { provideDoorCheck } from './exam/door-port.js';
import { seedDemoExam } from './exam/exam.demo-seed.js';
import { examConsumers, registerExamModule } from './exam/exam.module.js';
import { examPolicy } from './exam/exam.policy.js';
import { seedExam } from './exam/exam.seed.js';
import { countExams } from './exam/exam-count.js';
import { examsForSittingPort, examTitles, keyReviewed, templateExams } from './exam/exam-facts.js';
import { invigilateTopicRule } from './exam/invigilate/live-stream.js';
import { seedDemoLive } from './live/live.demo-seed.js';
import { liveConsumers, liveTopicRule, registerLiveModule } from './live/live.module.js';
import { livePolicy } from './live/live.policy.js';
import { liveSettings } from './live/live-settings.js';
import { seedDemoNotice } from './notice/notice.demo-seed.js';
import { registerNoticeModule } from './notice/notice.module.js';
import { audiencePolicy, noticePolicy } from './notice/notice.policy.js';
import { noticeFileAllowed } from './notice/notice-files.js';
import { registerOverviewModule } from './overview/overview.routes.js';
import { provideTemplateExams } from './paper/exam-port.js';
import { registerPaperModule } from './paper/paper.module.js';
import { countPaperTemplates } from './paper/tmpl-count.js';
import { doorPassed } from './proctor/door/door.service.js';
import { seedDemoProctor } from './proctor/proctor.demo-seed.js';
import { registerProctorModule } from './proctor/proctor.module.js';
import { reviewDecisionLabels } from './proctor/review/review-decisions.js';
import { proctorRecordPolicy } from './proctor/room/proctor-record.policy.js';
import { provideAnswerLock, provideKeyReviewed } from './repo/answer-lock.js';
import { provideUsageCheck } from './repo/qu-usage.js';
import { seedDemoBanks } from './repo/repo.demo-seed.js';
import { registerRepoModule } from './repo/repo.module.js';
import { repoPolicy } from './repo/repo.policy.js';
import { seedRepo } from './repo/repo.seed.js';
import { countQuestions, countRepos } from './repo/repo-counts.js';
import { provideCertHolders } from './sitting/cert-holders.js';
import { provideExamsForSitting } from './sitting/exam-port.js';
import { paperPolicy } from './sitting/paper.policy.js';
import { provideReviewDecisions } from './sitting/review-decision-port.js';
import { registerSittingModule } from './sitting/sitting.module.js';
import { sittingLock } from './sitting/sitting-guard.js';
import { registerConfigRoutes } from './system/config/config.routes.js';
import { storageDirSetting } from './system/config/config.service.js';
import { provideContentCount } from './system/dashboard/content-counts.js';
import { registerDashboardRoutes } from './system/dashboard/dashboard.routes.js';
import { deptPolicy } from './system/dept/dept.policy.js';
import { registerDeptRoutes } from './system/dept/dept.routes.js';
import { registerDictRoutes } from './system/dict/dict.routes.js';
import { registerFaceRoutes } from './system/face/face.routes.js';
import { registerFaceAssets } from './system/face/face-assets.js';
import { faceChallengePolicy } from './system/face/face-challenge.policy.js';
import { registerFileRoutes } from './system/file/file.routes.js';
import { addPrivateFileRule } from './system/file/private-file-rules.js';
import { registerLogRoutes } from './system/log/log.routes.js';
import { grantDemoDeptAdminMenus } from './system/menu/demo-dept-admin.js';
import { menuPolicy } from './system/menu/menu.policy.js';
import { registerMenuRoutes } from './system/menu/routes.js';
import { syncMenuCatalogue } from './system/menu/sync-catalogue.js';
import { messagePolicy } from './system/msg/msg.policy.js';
import { registerMsgRoutes } from './system/msg/msg.routes.js';
import { paperMarkedMsgConsumer } from './system/msg/paper-marked-msg.js';
import { registerOauthRoutes } from './system/oauth/oauth.routes.js';
import { rolePolicy } from './system/role/role.policy.js';
import { registerRoleRoutes } from './system/role/role.routes.js';
import { registerSmsRoutes } from './system/sms/sms.routes.js';
import { registerAuthRoutes } from './system/user/auth.routes.js';
import { provideFeature } from './system/user/features.js';
import { identitySource } from './system/user/identity.js';
import { registerProfileRoutes } from './system/user/profile.routes.js';
import { userPolicy } from './system/user/user.policy.js';
import { registerUserRoutes } from './system/user/user.routes.js';
import { seedDemoMastery } from './train/mastery/mastery.demo-seed.js';
import { seedDemoPractice } from './train/train.demo-seed.js';
import { registerTrainModule, trainConsumers } from './train/train.module.js';
import { trainPolicy } from './train/train.policy.js';

/**
 * Ports: where a module (or the platform) needs what a module above it knows, the lower one offers
 * a port and the higher one's function is handed in here, so that imports only point down and no
 * module reads a higher one's tables (platform/layering.test.ts). Done when this file is loaded,
 * before any route or test runs (app.ts imports it). One line per port.
 */
provideIdentity(identitySource); // the platform's token and permission checks read users, roles and menus through system
providePageMeta(LINK_PAGE, linkPageMeta); // an exam link's page carries the exam's title and picture for chat previews
provideCandidateIdentity(candidateIdentity); // a candidate's token (the exam's link) is resolved by the candidate module
provideUploadFolder(storageDirSetting); // the local blob store reads the site config's storage folder through system
provideAnswerLock(sittingLock); // repo/question-reader asks the sitting guard
provideKeyReviewed(keyReviewed); // repo's canSeeAnswer asks exam whether a handed-in paper's exam shows the key
provideExamTitles(examTitles); // course and cert check and name their linked exams through exam
provideTemplateExams(templateExams); // paper asks exam which exams use a template
provideExamsForSitting(examsForSittingPort); // the sitting asks exam for its settings, a start's gate and terms, and the review hold
provideDoorCheck(doorPassed); // exam's entry gate asks proctor whether a proctored exam's door was passed
provideCertHolders(examCertHolders); // sitting/regrade's report asks cert who holds the exam's certificate
provideOutsideHolder(candidateHolder); // cert names a certificate's holder who is a candidate (no sys_user row) through candidate
addPrivateFileRule(noticeFileAllowed); // system/file serves notice attachments to their notices' readers
addPrivateFileRule(courseFileOutsideRefused); // course files only through /api/course/file/content (audience check)
provideContentCount('examCount', countExams); // system/dashboard counts each module's content through its owner
provideContentCount('paperCount', countPaperTemplates);
provideContentCount('repoCount', countRepos);
provideContentCount('questionCount', countQuestions);
provideFeature('live', () => liveSettings().configured); // the user's info tells the web which learner entries lead somewhere
provideFeature('assistant', async (db) => isOn(await readSettings(db)));
provideUsageCheck({ questions: questionsInUse, repos: reposInUse }); // repo asks exam whether a published exam uses a question or bank
provideReviewDecisions(reviewDecisionLabels); // the sitting's record list shows proctor's review decision beside a paper's state

export async function registerModules(app: FastifyInstance): Promise<void> {
  registerAuthRoutes(app);
  registerProfileRoutes(app);
  registerMenuRoutes(app);
  registerDeptRoutes(app);
  registerRoleRoutes(app);
  registerDictRoutes(app);
  registerConfigRoutes(app);
  registerMsgRoutes(app);
  registerLogRoutes(app);
  registerFileRoutes(app);
  registerDashboardRoutes(app);
  registerUserRoutes(app);
  registerSmsRoutes(app);
  registerOauthRoutes(app);
  registerFaceRoutes(app);
  registerFaceAssets(app); // the browser face engine's models and wasm files
  registerRepoModule(app);
  registerPaperModule(app);
  registerSittingModule(app);
  registerExamModule(app);
  registerCandidateModule(app);
  registerRosterRoutes(app);
  registerProctorModule(app);
  registerTrainModule(app);
  registerCertModule(app);
  registerNoticeModule(app);
  registerCourseModule(app);
  registerAssistantModule(app);
  registerLiveModule(app);
  registerOverviewModule(app);
}

/** Every module's domain-event consumers (platform/events); one spread per module. */
export const eventConsumers: AnyConsumer[] = [
  ...examConsumers,
  ...trainConsumers,
  paperMarkedMsgConsumer,
  ...certConsumers,
  ...liveConsumers,
];

/** Who may subscribe to each module's realtime topics (platform/realtime); one line per prefix. */
/**
 * The record policies, one per aggregate (platform/policy/): loading them here declares the
 * endpoints each guards before the first request, whichever routes a build registers.
 */
export const policies: Policy[] = [
  userPolicy,
  rolePolicy,
  deptPolicy,
  menuPolicy,
  messagePolicy,
  noticePolicy,
  audiencePolicy,
  repoPolicy,
  paperPolicy,
  coursePolicy,
  certPolicy,
  examPolicy,
  openLinkPolicy,
  candidateRosterPolicy,
  trainPolicy,
  livePolicy,
  conversationPolicy,
  proctorRecordPolicy,
  faceChallengePolicy,
];

export const topicRules: TopicRule[] = [
  invigilateTopicRule, // exam:<id>:invigilate
  liveTopicRule, // live:<roomId>
];

/**
 * What the modules add to start-up (platform/boot.ts runs them; the platform imports no module):
 * demo data seeded once on first start, in order (exams draw on the banks), and steps run at
 * every start. One line per module.
 */
/**
 * The complete demo organisation beyond the base demo: a practice bank with formulas and
 * a picture, an exam with every kind, its certificate, a notice and a course with a video and a PDF.
 * In this order (the exam takes its bank, the certificate rule its exam).
 */
export const demoSeeders: Seeder[] = [
  seedDemoBanks,
  seedDemoExam,
  seedDemoCandidates,
  seedDemoProctor,
  seedDemoCert,
  seedDemoNotice,
  seedDemoCourse,
  seedDemoLive,
  seedDemoPractice,
  seedDemoMastery,
];

/** DEMO_DATA=0 leaves the demo seeders out (read when the first start seeds). */
const unlessDemoOff =
  (seeder: Seeder): Seeder =>
  (tx, ctx) =>
    process.env.DEMO_DATA === '0' ? Promise.resolve() : seeder(tx, ctx);

export const startupHooks: StartupHooks = {
  seeders: [seedRepo, seedExam, ...demoSeeders.map(unlessDemoOff)],
  onStart: [syncMenuCatalogue],
  afterFirstStart: [(db) => (process.env.DEMO_DATA === '0' ? Promise.resolve() : grantDemoDeptAdminMenus(db))],
};
