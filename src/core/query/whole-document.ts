/**
 * Questions about a whole document or collection — "What is this report about?", "Summarize
 * chapter 3", "这份文件讲了什么？" — told from the others without a language model. Such a question
 * shares few words with any one passage, and the passages most like it cluster around one topic:
 * it is answered from the breadth of the scope instead (engine/breadth.ts).
 *
 * The patterns ask for the whole by its form: a summary verb, or "what is … about / 讲了什么 /
 * 主要规定了什么" about a deictic or named whole ("this", "the book", "这部法律"). A question about a
 * detail inside the whole ("What does this law say about fines?") has a topic after "about" or
 * "关于", and is not taken.
 */

/** Words naming a whole a person may ask about, with or without "this"/"the". */
const WHOLE_EN = String.raw`(?:document|file|book|report|paper|article|text|law|act|contract|agreement|filing|story|novel|chapter|section|collection|these (?:documents|files|books|papers|reports)|it)`;

const ENGLISH: RegExp[] = [
  // "Summarize …", "Give me a summary of …", "an overview of …", "the gist of …", "TL;DR"
  /^\s*(?:please\s+)?(?:summari[sz]e|sum up|outline|give (?:me )?(?:a |an )?(?:summary|overview|outline)|tl;?dr)\b/iu,
  /\b(?:summary|overview|outline|gist|synopsis|main (?:points|ideas|themes|topics)|key (?:points|takeaways|ideas|themes))\s+(?:of|in|from)\s+(?:this|the|these|that)\b/iu,
  new RegExp(String.raw`^\s*what(?:\s+is|\s+are|['’]s)\s+(?:this|the|these|that)\s+${WHOLE_EN}\s+(?:mainly\s+|mostly\s+|all\s+)?about\b(?:[\s,]+(?:from\s+)?(?:beginning|start)\s+to\s+end)?\s*[?？.]?\s*$`, 'iu'),
  new RegExp(String.raw`^\s*what\s+(?:does|do)\s+(?:this|the|these|that)\s+${WHOLE_EN}\s+(?:mainly\s+)?(?:say|cover|discuss|describe|contain)\s*[?？.]?\s*$`, 'iu'),
  new RegExp(String.raw`^\s*what\s+(?:is|are)\s+the\s+main\s+(?:points|ideas|themes|topics)\b`, 'iu'),
];

/** A whole in Chinese: 这/该/本/此 + a measure word and a noun, or the noun alone. */
const WHOLE_ZH = String.raw`(?:(?:这|该|本|此|整)(?:部|份|篇|本|个|些|章|节)?)?(?:文件|文档|文章|报告|法律|法规|条例|书|小说|合同|协议|材料|论文|章节|内容|资料|全文)`;

const CHINESE: RegExp[] = [
  /(?:总结|概括|概述|归纳|摘要|梗概|综述)/u,
  new RegExp(String.raw`${WHOLE_ZH}.{0,4}(?:主要)?(?:讲|说|写|谈|规定|介绍|描述|论述|涉及)了?(?:些)?什么`, 'u'),
  new RegExp(String.raw`${WHOLE_ZH}.{0,4}(?:的)?(?:主要内容|大意|要点|主旨|中心思想)`, 'u'),
];

/** Whether the question asks about the whole of what it is asked of (see the file's comment). */
export function asksForWhole(question: string): boolean {
  const text = question.trim();
  if (text.length === 0) return false;
  if (/[\u4e00-\u9fff]/u.test(text)) {
    // "关于…" names a topic inside the whole: "这部法律关于罚款规定了什么？" is a detail question
    if (/关于/u.test(text)) return false;
    return CHINESE.some((re) => re.test(text));
  }
  return ENGLISH.some((re) => re.test(text));
}
