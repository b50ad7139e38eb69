import { describe, expect, it } from 'vitest';
import { condenseFollowUp, hyde, multiQuery } from '../../../src/core/query/rewrite.ts';
import type { ChatMessage } from '../../../src/core/ports.ts';
import { CancelledError } from '../../../src/core/util/abort.ts';
import { ScriptedGenerator } from '../answer/doubles.ts';

const Q = 'How tall is Mount Everest?';

// What a model with random weights produces: one long run of unrelated subword pieces.
const GIBBERISH =
  'ĠTheodore Ġsurname ıldız кровь datings ancak Konstantin 接收 unfortunately 微信 ЛЕ fooBar ' +
  'ampion rugby Ġpolice 大厅 serotonin ĠHalifax unexpectedly ilmiş wij ΑΝ Tecnología verdict wrapped';

describe('multiQuery', () => {
  it('returns the question, then paraphrases parsed from a numbered list with chatter around it', async () => {
    const generator = new ScriptedGenerator([
      'Here are 3 paraphrases:\n\n1. What is the height of Mount Everest?\n2) "How high is Everest?"\n- **What is Everest\'s elevation?**\n4. How many metres tall is Everest?\nHope this helps!',
    ]);
    const queries = await multiQuery(Q, generator, { lang: 'en' });
    expect(queries).toEqual([
      Q,
      'What is the height of Mount Everest?',
      'How high is Everest?',
      "What is Everest's elevation?",
    ]);
    const { messages, options } = generator.calls[0];
    expect(messages.at(-1)?.content).toBe(Q);
    expect(messages[0].content).toContain('3');
    expect(options?.maxTokens).toBeGreaterThan(0);
  });

  it('honours count and drops empties, duplicates and the question itself', async () => {
    const generator = new ScriptedGenerator([
      `\n${Q}\n\nhow tall is mount everest\nWhat is the height of Everest?\nWHAT IS THE HEIGHT OF EVEREST?\nEverest height in metres?`,
    ]);
    const queries = await multiQuery(Q, generator, { lang: 'en', count: 2 });
    expect(queries).toEqual([Q, 'What is the height of Everest?', 'Everest height in metres?']);
    expect(generator.calls[0].messages[0].content).toContain('2');
  });

  it('splits items a model ran together on one line', async () => {
    const generator = new ScriptedGenerator(['1. What is the height of Everest? 2. How high is Everest, 8.8 km? 3) Everest elevation?']);
    expect(await multiQuery(Q, generator, { lang: 'en' })).toEqual([
      Q,
      'What is the height of Everest?',
      'How high is Everest, 8.8 km?',
      'Everest elevation?',
    ]);
  });

  it('falls back to the question alone when the reply is gibberish', async () => {
    for (const reply of [GIBBERISH, `${GIBBERISH}\n${GIBBERISH}`, '@@@ ### Everest !!! ??? ***', '', '\n\n']) {
      const generator = new ScriptedGenerator([reply]);
      expect(await multiQuery(Q, generator, { lang: 'en' })).toEqual([Q]);
    }
  });

  it('drops a line far longer than the question even when it mentions it', async () => {
    const rambling = `Everest ${'and then it goes on '.repeat(20)}`;
    const generator = new ScriptedGenerator([`${rambling}\nHow high is Everest?`]);
    expect(await multiQuery(Q, generator, { lang: 'en' })).toEqual([Q, 'How high is Everest?']);
  });

  it('parses Chinese numbering and asks in Chinese', async () => {
    const q = '世界上最高的山峰有多高？';
    const generator = new ScriptedGenerator([
      '<think>\n\n</think>\n\n1、珠穆朗玛峰有多高？\n2、世界最高峰的海拔是多少？\n（3）今天天气怎么样',
    ]);
    const queries = await multiQuery(q, generator, { lang: 'zh' });
    expect(queries).toEqual([q, '珠穆朗玛峰有多高？', '世界最高峰的海拔是多少？']);
    expect(generator.calls[0].messages[0].content).toContain('每行一个问题');
  });

  it('does not call the model for zero paraphrases, and throws when cancelled', async () => {
    const generator = new ScriptedGenerator(['What is the height of Everest?']);
    expect(await multiQuery(Q, generator, { lang: 'en', count: 0 })).toEqual([Q]);
    expect(generator.calls).toHaveLength(0);
    const controller = new AbortController();
    controller.abort();
    await expect(multiQuery(Q, generator, { lang: 'en', signal: controller.signal })).rejects.toBeInstanceOf(
      CancelledError,
    );
  });
});

describe('hyde', () => {
  it('returns the hypothetical passage, whitespace tidied, and forwards the length limit', async () => {
    const generator = new ScriptedGenerator([
      ['<think></think>', 'Mount Everest is 8,849 metres tall.\n\n', 'It lies on the border of Nepal and China.'],
    ]);
    const passage = await hyde(Q, generator, { lang: 'en', maxTokens: 120 });
    expect(passage).toBe('Mount Everest is 8,849 metres tall. It lies on the border of Nepal and China.');
    expect(generator.calls[0].options?.maxTokens).toBe(120);
    expect(generator.calls[0].messages.at(-1)?.content).toBe(Q);
  });

  it('returns the question when the reply is empty or unrelated', async () => {
    expect(await hyde(Q, new ScriptedGenerator(['   ']), { lang: 'en' })).toBe(Q);
    expect(await hyde(Q, new ScriptedGenerator([GIBBERISH]), { lang: 'en' })).toBe(Q);
  });

  it('writes Chinese passages for Chinese questions', async () => {
    const q = '珠穆朗玛峰有多高？';
    const generator = new ScriptedGenerator(['珠穆朗玛峰海拔约8848.86米，是世界最高峰。']);
    expect(await hyde(q, generator, { lang: 'zh' })).toBe('珠穆朗玛峰海拔约8848.86米，是世界最高峰。');
    expect(generator.calls[0].messages[0].content).toContain('段落');
    expect(generator.calls[0].options?.maxTokens).toBe(200);
  });
});

describe('condenseFollowUp', () => {
  const history: ChatMessage[] = [
    { role: 'system', content: 'ignored' },
    { role: 'user', content: 'When was the Eiffel Tower built?' },
    { role: 'assistant', content: 'It was built from 1887 to 1889 [1][2].' },
  ];

  it('returns the question unchanged, without a model call, when there is no conversation', async () => {
    const generator = new ScriptedGenerator(['How much did the Eiffel Tower cost?']);
    expect(await condenseFollowUp([], 'How much did it cost?', generator, { lang: 'en' })).toBe('How much did it cost?');
    expect(await condenseFollowUp([history[0]], 'How much did it cost?', generator, { lang: 'en' })).toBe(
      'How much did it cost?',
    );
    expect(generator.calls).toHaveLength(0);
  });

  it('rewrites a follow-up into a standalone question using the conversation', async () => {
    const generator = new ScriptedGenerator(['Standalone question: How much did the Eiffel Tower cost to build?\nNote: it refers to the tower.']);
    const question = await condenseFollowUp(history, 'How much did it cost?', generator, { lang: 'en' });
    expect(question).toBe('How much did the Eiffel Tower cost to build?');
    const prompt = generator.calls[0].messages.at(-1)?.content ?? '';
    expect(prompt).toContain('User: When was the Eiffel Tower built?');
    expect(prompt).toContain('Assistant: It was built from 1887 to 1889.');
    expect(prompt).toContain('How much did it cost?');
    expect(prompt).not.toContain('ignored');
  });

  it('keeps the question when the reply is unusable', async () => {
    for (const reply of ['', '   \n  ', GIBBERISH, '%%%% $$$ ###']) {
      const generator = new ScriptedGenerator([reply]);
      expect(await condenseFollowUp(history, 'How much did it cost?', generator, { lang: 'en' })).toBe(
        'How much did it cost?',
      );
    }
  });

  it('works in Chinese', async () => {
    const zhHistory: ChatMessage[] = [
      { role: 'user', content: '埃菲尔铁塔是哪年建成的？' },
      { role: 'assistant', content: '埃菲尔铁塔于1889年建成［1］。' },
    ];
    const generator = new ScriptedGenerator(['独立问题：埃菲尔铁塔有多高？']);
    expect(await condenseFollowUp(zhHistory, '它有多高？', generator, { lang: 'zh' })).toBe('埃菲尔铁塔有多高？');
    const prompt = generator.calls[0].messages.at(-1)?.content ?? '';
    expect(prompt).toContain('助手：埃菲尔铁塔于1889年建成。');
  });
});
