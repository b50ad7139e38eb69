/**
 * Sources and model replies for the pre-parse tests. The English passage is the one behind the
 * paper's case study (Table 7, QuALITY); the Chinese one is article 4 of the PIPL from the shared
 * documents. Replies are written the way small Qwen models answer: sometimes clean, sometimes
 * fenced, chatty, cut off at the token limit, or with a context they made up.
 */
import type { PreparseSource } from '../../../src/core/preparse/index.ts';

export const EN_TEXT =
  'When new employees were needed, a draft lottery was held. All persons registered in the labor force ' +
  'participated. If you were drawn, you had to serve. He was drafted into the working force reserves, ' +
  'served his time, and is now free from toil for the balance of his life.';

export const ZH_TEXT =
  '第四条 个人信息是以电子或者其他方式记录的与已识别或者可识别的自然人有关的各种信息，不包括匿名化处理后的信息。\n' +
  '个人信息的处理包括个人信息的收集、存储、使用、加工、传输、提供、公开、删除等。';

export const EN_SOURCE: PreparseSource = {
  id: 'doc1:0',
  type: 'chunk',
  text: EN_TEXT,
  headingPath: ['DANGEROUS QUARRY'],
  lang: 'en',
};

export const ZH_SOURCE: PreparseSource = {
  id: 'doc2#0',
  type: 'cluster',
  text: ZH_TEXT,
  headingPath: ['中华人民共和国个人信息保护法', '第一章 总 则'],
  lang: 'zh',
};

export const EN_REPLY = JSON.stringify({
  query: 'What happens to those who are drafted into the labor force?',
  summary: 'Workers are chosen by a draft lottery, serve their time, and are then free from toil.',
  context: 'When new employees were needed, a draft lottery was held.',
  points: [
    {
      query: 'Who takes part in the draft lottery?',
      summary: 'Everyone registered in the labor force takes part.',
      context: 'All persons registered in the labor force participated.',
    },
    {
      query: 'What happens after serving in the working force reserves?',
      summary: 'A drafted worker who has served is free from toil for life.',
      context:
        'He was drafted into the working force reserves, served his time, and is now free from toil for the balance of his life.',
    },
  ],
});

/** Point 1's context is invented: nothing like it is in EN_TEXT. */
export const EN_REPLY_INVENTED = JSON.stringify({
  query: 'How are workers drafted?',
  summary: 'A draft lottery picks workers from the labor force.',
  context: 'When new employees were needed, a draft lottery was held.',
  points: [
    {
      query: 'Who must serve?',
      summary: 'Whoever is drawn must serve.',
      context: 'If you were drawn, you had to serve.',
    },
    {
      query: 'Are drafted workers paid?',
      summary: 'Drafted workers receive double pay.',
      context: 'Drafted workers receive double pay and a pension from the state.',
    },
  ],
});

/**
 * The contexts differ from ZH_TEXT the way models re-type Chinese: half-width punctuation, a space
 * after a comma, a dropped full stop, and in point 0 two characters swapped (存储 → 储存).
 */
export const ZH_REPLY = [
  '```json',
  '{',
  '  "query": "什么是个人信息？",',
  '  "summary": "个人信息是与已识别或可识别的自然人有关的各种信息，不含匿名化处理后的信息。",',
  '  "context": "个人信息是以电子或者其他方式记录的与已识别或者可识别的自然人有关的各种信息, 不包括匿名化处理后的信息",',
  '  "points": [',
  '    {',
  '      "query": "个人信息的处理包括哪些活动？",',
  '      "summary": "处理包括收集、存储、使用、加工、传输、提供、公开、删除等。",',
  '      "context": "个人信息的处理包括个人信息的收集,储存,使用,加工,传输,提供,公开,删除等."',
  '    },',
  '    {',
  '      "query": "个人信息处理者需要向谁报告？",',
  '      "summary": "处理者应当每年向监管部门报告。",',
  '      "context": "个人信息处理者应当每年向监管部门报告处理情况。"',
  '    },',
  '  ]',
  '}',
  '```',
].join('\n');
