/** 判断题 (type 3) in the neutral interchange model: options with their rightness. */
import { choiceFrom, choiceTo } from '../../interchange/kind-base.js';
import type { KindInterchange } from '../../interchange/model.js';

export const judgeInterchange: KindInterchange = {
  type: 3,
  toInterchange: choiceTo,
  fromInterchange: choiceFrom,
};
