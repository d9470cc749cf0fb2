/** 单选题 (type 1) in the neutral interchange model: options with their rightness. */
import { choiceFrom, choiceTo } from '../../interchange/kind-base.js';
import type { KindInterchange } from '../../interchange/model.js';

export const singleInterchange: KindInterchange = {
  type: 1,
  toInterchange: choiceTo,
  fromInterchange: choiceFrom,
};
