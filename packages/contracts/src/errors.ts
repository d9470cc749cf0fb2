/**
 * Every business error code of the platform, one enum for web and server (DESIGN 4).
 * The HTTP status stays 200 for all of these; the envelope's `code` carries them.
 */
export const ErrorCode = {
  SUCCESS: 0,
  /** Unexpected failure; answered with HTTP 500 and a request id. */
  SERVER_ERROR: 10010000,
  /** Bad parameters; the message names the field. */
  BAD_PARAMS: 10010001,
  /** Not signed in, or the token is unknown, revoked or expired. */
  NOT_LOGIN: 10010002,
  NOT_FOUND: 10010003,
  NO_PERMISSION: 10010004,
  TOO_MANY_REQUESTS: 10010005,
  /** A uniqueness rule was broken (user name taken, code in use...). */
  DUPLICATE: 10010006,
  /** The operation conflicts with the current state (delete a department that has users...). */
  CONFLICT: 10010007,

  // Account (1002xxxx)
  BAD_CREDENTIALS: 10020001,
  ACCOUNT_DISABLED: 10020002,
  ACCOUNT_PENDING: 10020003,
  ACCOUNT_LOCKED: 10020004,
  SMS_CODE_INVALID: 10020005,
  REGISTRATION_CLOSED: 10020006,
  /** A third-party sign-in (WeChat, DingTalk, OIDC) failed or is switched off. */
  OAUTH_FAILED: 10020010,
  /** The third-party identity is bound to no account, and none may be created for it. */
  OAUTH_NOT_BOUND: 10020011,
  /** Face login: switched off by the administrator. */
  FACE_LOGIN_DISABLED: 10020020,
  /** The camera sequence showed no live face (no blink or head turn, no face, several faces). */
  FACE_LIVENESS_FAILED: 10020021,
  /** The live face does not match the enrolled one (or the account has none). */
  FACE_NOT_MATCHED: 10020022,
  /** Too many failures from this address: the call needs a solved captcha (proof of work). */
  CAPTCHA_REQUIRED: 10020030,

  // Exam (2001xxxx)
  EXAM_NOT_AVAILABLE: 20010001,
  /** Another exam of the learner is still in progress. */
  EXAM_IN_PROGRESS: 20010002,
  /** The paper's deadline has passed: the answer was not saved. */
  EXAM_TIME_OVER: 20010003,
  /** The paper has been handed in (or abandoned): no more answers. */
  PAPER_CLOSED: 20010004,
  /** The earliest hand-in time has not come yet. */
  HAND_TOO_EARLY: 20010005,
  /** Wrong or missing password of an exam of open type 9. */
  EXAM_PASSWORD_WRONG: 20010006,
  /** No attempts left (in this cycle period). */
  EXAM_TRY_LIMIT: 20010007,
  /** The paper is being answered in another window or device: this window's save was refused. */
  PAPER_OTHER_WINDOW: 20010008,
  /** A save carried no window id (a tab from before the window rule): refused like another window's. */
  PAPER_WINDOW_REQUIRED: 20010009,
  /** A paper of the exam has started: its paper, pass mark and marking settings are locked. */
  EXAM_SETTINGS_LOCKED: 20010011,

  // Teaching assistant (3001xxxx)
  /** The assistant is switched off or not configured: nothing was sent. */
  ASSISTANT_OFF: 30010001,
  /** The learner's daily token budget is used up. */
  ASSISTANT_BUDGET: 30010002,
  /** The model did not answer (unreachable, an error, or too slow). */
  ASSISTANT_UPSTREAM: 30010003,
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Default Chinese messages, used when a thrower gives none. */
export const ErrorMessage: Record<number, string> = {
  [ErrorCode.SERVER_ERROR]: '服务器内部错误，请稍后重试',
  [ErrorCode.BAD_PARAMS]: '参数错误',
  [ErrorCode.NOT_LOGIN]: '您的登录已失效，请重新登录',
  [ErrorCode.NOT_FOUND]: '数据不存在或已被删除',
  [ErrorCode.NO_PERMISSION]: '您没有权限执行此操作',
  [ErrorCode.TOO_MANY_REQUESTS]: '操作过于频繁，请稍后再试',
  [ErrorCode.DUPLICATE]: '数据已存在',
  [ErrorCode.CONFLICT]: '当前状态不允许此操作',
  [ErrorCode.BAD_CREDENTIALS]: '用户名或密码错误',
  [ErrorCode.ACCOUNT_DISABLED]: '账号已被禁用，请联系管理员',
  [ErrorCode.ACCOUNT_PENDING]: '账号正在等待管理员审核，审核通过后即可登录',
  [ErrorCode.ACCOUNT_LOCKED]: '登录失败次数过多，账号已锁定15分钟',
  [ErrorCode.SMS_CODE_INVALID]: '验证码错误或已过期',
  [ErrorCode.CAPTCHA_REQUIRED]: '请先完成人机验证',
  [ErrorCode.REGISTRATION_CLOSED]: '系统未开放注册',
  [ErrorCode.OAUTH_FAILED]: '第三方登录失败，请重试',
  [ErrorCode.OAUTH_NOT_BOUND]: '该第三方账号尚未绑定本系统账号',
  [ErrorCode.FACE_LOGIN_DISABLED]: '人脸登录未开启，请使用其他方式登录',
  [ErrorCode.FACE_LIVENESS_FAILED]: '活体检测未通过，请按提示眨眼或缓慢左右转头',
  [ErrorCode.FACE_NOT_MATCHED]: '人脸识别未通过，请重试或使用密码登录',
  [ErrorCode.EXAM_NOT_AVAILABLE]: '考试当前不可参加',
  [ErrorCode.EXAM_IN_PROGRESS]: '您有正在进行的考试，请先完成',
  [ErrorCode.ASSISTANT_OFF]: '学习助教尚未启用，请联系管理员',
  [ErrorCode.ASSISTANT_BUDGET]: '您今日的学习助教额度已用完，请明天再来',
  [ErrorCode.ASSISTANT_UPSTREAM]: '学习助教暂时无法回答，请稍后再试',
  [ErrorCode.EXAM_TIME_OVER]: '考试时间已结束，答案未能保存',
  [ErrorCode.PAPER_CLOSED]: '试卷已交卷，不能再作答',
  [ErrorCode.HAND_TOO_EARLY]: '未到最早交卷时间，请继续作答',
  [ErrorCode.EXAM_PASSWORD_WRONG]: '考试密码错误',
  [ErrorCode.EXAM_TRY_LIMIT]: '您的考试次数已用完',
  [ErrorCode.PAPER_OTHER_WINDOW]: '本试卷已在其他窗口或设备上打开，此窗口的答案未保存',
  [ErrorCode.PAPER_WINDOW_REQUIRED]: '请刷新页面后继续作答',
  [ErrorCode.EXAM_SETTINGS_LOCKED]: '考试已有考生开始作答，试卷、及格分和评分设置不能再修改',
};
