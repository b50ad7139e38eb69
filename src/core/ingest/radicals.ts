/**
 * Characters of the CJK Radicals Supplement that some PDFs' fonts map their glyphs to (⻅ for 见,
 * ⻓ for 长): they look like the ordinary character, but search for 见 never finds ⻅, and NFKC,
 * which folds the Kangxi radicals (⽤ → 用), leaves this block alone. Only the forms that stand
 * for a whole character are mapped, each to the unified ideograph Unicode names as its equivalent
 * (EquivalentUnifiedIdeograph.txt); forms that are only ever a part of a character stay.
 * Found on the shared Chinese chemistry PDF, whose text layer spells 见, 骨, 角, 西, 长 and 卤 so.
 */

const WHOLE_CHARACTERS: Record<string, string> = {
  '\u2E9F': '母',
  '\u2EA0': '民',
  '\u2EA9': '王',
  '\u2EC1': '虎',
  '\u2EC4': '西',
  '\u2EC5': '见',
  '\u2EC6': '角',
  '\u2EC9': '贝',
  '\u2ECB': '车',
  '\u2ED1': '長',
  '\u2ED3': '长',
  '\u2ED4': '门',
  '\u2ED7': '雨',
  '\u2ED8': '青',
  '\u2ED9': '韦',
  '\u2EDA': '页',
  '\u2EDB': '风',
  '\u2EDC': '飞',
  '\u2EDD': '食',
  '\u2EE2': '马',
  '\u2EE3': '骨',
  '\u2EE4': '鬼',
  '\u2EE5': '鱼',
  '\u2EE6': '鸟',
  '\u2EE7': '卤',
  '\u2EE8': '麦',
  '\u2EE9': '黄',
  '\u2EEA': '黾',
  '\u2EEB': '斉',
  '\u2EEC': '齐',
  '\u2EED': '歯',
  '\u2EEE': '齿',
  '\u2EEF': '竜',
  '\u2EF0': '龙',
  '\u2EF1': '龜',
  '\u2EF2': '亀',
  '\u2EF3': '龟',
};

const RADICALS = new RegExp(`[${Object.keys(WHOLE_CHARACTERS).join('')}]`, 'gu');

/** `text` with each radical form that stands for a whole character replaced by that character. */
export function unifyRadicals(text: string): string {
  return text.replace(RADICALS, (radical) => WHOLE_CHARACTERS[radical]);
}
