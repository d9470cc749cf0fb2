/** 多选题 (type 2) in the neutral interchange model: options with their rightness. */
import { choiceFrom, choiceTo } from '../../interchange/kind-base.js';
import type { KindInterchange } from '../../interchange/model.js';

export const multipleInterchange: KindInterchange = {
  type: 2,
  toInterchange: choiceTo,
  fromInterchange: choiceFrom,
};
