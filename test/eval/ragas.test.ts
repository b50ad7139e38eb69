import { describe, expect, it } from 'vitest';
import { answerRelevance, contextRelevance, faithfulness } from '../../src/eval/metrics/ragas.ts';
import { judgeFaithfulness } from '../../src/eval/judge/faithfulness.ts';
import { judgeContextRelevance } from '../../src/eval/judge/context-relevance.ts';
import { judgeAnswerRelevance } from '../../src/eval/judge/answer-relevance.ts';
import { scriptedGenerator, tableEmbedder } from './doubles.ts';

// The reference article's worked example ("深度学习的应用有哪些？").
const QUESTION = '深度学习的应用有哪些？';
const RETRIEVED = [
  '深度学习在计算机视觉中广泛应用，如图像分类、目标检测和自动驾驶。它可以提高图像识别的准确率，使得自动驾驶车辆能够实时感知周围环境。',
  '传统机器学习依赖手工特征工程，而深度学习自动学习特征。相比之下，深度神经网络能够在海量数据中自动提取有效特征，减少人工干预。',
  '深度学习可以用于医学影像分析，辅助医生诊断疾病。比如，AI 可以自动识别 X 光片中的异常，提高疾病早期发现的准确率。',
  '深度学习在推荐系统中，如 Netflix 和淘宝推荐算法，起到了重要作用。它能分析用户的浏览和购买记录，提供个性化的内容推荐。',
  '深度学习的计算复杂度较高，需要 GPU 进行加速。高性能计算设备的支持使得深度学习能够处理大规模数据，提高训练速度。',
];
const STATEMENTS = [
  '深度学习在计算机视觉任务中发挥重要作用。',
  '深度学习能够提高自动驾驶车辆对周围环境的感知能力。',
  '深度学习可以帮助医生快速准确地诊断疾病。',
  '深度学习能够自动识别 X 光片中的异常，提高疾病早期发现的准确率。',
  '深度学习在推荐系统中被广泛应用，如 Netflix 和淘宝的推荐算法。',
  '深度学习用于自然语言处理任务，如文本分析、语音识别和机器翻译。',
  '深度学习可以帮助金融机构识别风险并优化投资策略。',
  '深度学习在科学研究中用于数据处理和模式识别。',
  '深度学习可以优化工业自动化中的生产流程和产品质量。',
  '深度学习正在改变各个行业的运作方式，并提供更高效、更智能的解决方案。',
];
const ANSWER = STATEMENTS.join('');

// The worked example's 0.6 scores are computed through the judges below, with scripted replies.
describe('ratios', () => {
  it('nothing to divide by is undefined (NaN), not 0; impossible counts throw', () => {
    expect(faithfulness(0, 0)).toBeNaN();
    expect(answerRelevance([1, 0], [])).toBeNaN();
    expect(() => contextRelevance(4, 3)).toThrow(RangeError);
  });
});

describe('judgeFaithfulness', () => {
  it('design worked example: 10 statements, 6 supported → faithfulness 0.6', async () => {
    const gen = scriptedGenerator([
      JSON.stringify({ statements: STATEMENTS }),
      '```json\n{"verdicts": [1, 1, 1, 1, 1, 1, 0, 0, 0, 0]}\n```',
    ]);
    const result = await judgeFaithfulness(ANSWER, RETRIEVED.join('\n'), gen, 'zh');
    expect(result.score).toBeCloseTo(0.6, 12);
    expect(result.statements.map((s) => s.supported)).toEqual([true, true, true, true, true, true, false, false, false, false]);
    expect(result.unreadable).toBe(0);
    expect(gen.calls).toHaveLength(2);
    // the answer goes to the splitter, the context and the numbered statements to the verdicts
    expect(gen.calls[0].messages.at(-1)?.content).toContain(ANSWER);
    expect(gen.calls[1].messages.at(-1)?.content).toContain(RETRIEVED[0]);
    expect(gen.calls[1].messages.at(-1)?.content).toContain(`10. ${STATEMENTS[9]}`);
    expect(gen.calls[0].options?.temperature).toBe(0);
    expect(gen.calls[0].options?.jsonSchema).toBeDefined();
  });

  it('asks statement by statement when the batch reply loses count', async () => {
    const gen = scriptedGenerator([
      'Here are the statements:\n1. The sky is blue.\n2. Grass is red.\n3. Water is wet.',
      '{"verdicts": [1, 0]}',
      '{"verdict": 1}',
      'no',
      '<think>hmm</think>{"verdict": "yes"}',
    ]);
    const result = await judgeFaithfulness('…', 'The sky is blue and water is wet.', gen, 'en');
    expect(result.statements.map((s) => s.text)).toEqual(['The sky is blue.', 'Grass is red.', 'Water is wet.']);
    expect(result.score).toBeCloseTo(2 / 3, 12);
    expect(gen.calls).toHaveLength(5);
    expect(gen.calls[3].messages.at(-1)?.content).toContain('Statement: Grass is red.');
  });

  it('counts an unreadable single verdict as unsupported, and says so', async () => {
    const gen = scriptedGenerator(['{"statements": ["A."]}', 'garbage', 'maybe']);
    const result = await judgeFaithfulness('A.', 'ctx', gen, 'en');
    expect(result.score).toBe(0);
    expect(result.unreadable).toBe(1);
  });

  it('an answer with no statement is undefined, not 0', async () => {
    const gen = scriptedGenerator(['{"statements": []}']);
    const result = await judgeFaithfulness('', 'ctx', gen, 'en');
    expect(result.score).toBeNaN();
    expect(gen.calls).toHaveLength(1);
  });
});

describe('judgeContextRelevance', () => {
  it('design worked example: 5 retrieved passages, 3 relevant (6 of their 10 sentences needed) → context relevance 0.6', async () => {
    const gen = scriptedGenerator(['{"needed": [1, 2, 5, 6, 7, 8]}']);
    const result = await judgeContextRelevance(QUESTION, RETRIEVED, gen, 'zh');
    expect(result.sentences).toHaveLength(10);
    expect(result.score).toBeCloseTo(0.6, 12);
    expect(gen.calls[0].messages.at(-1)?.content).toContain(`10. ${RETRIEVED[4].split('。')[1]}。`);
  });
  it('ignores out-of-range and repeated numbers', async () => {
    const gen = scriptedGenerator(['Sentences 2, 2 and 9 are needed.']);
    const result = await judgeContextRelevance('q?', 'One. Two. Three. Four.', gen, 'en');
    expect(result.needed).toEqual([2]);
    expect(result.score).toBe(0.25);
  });
  it('an unreadable reply is NaN and flagged', async () => {
    const gen = scriptedGenerator(['I am not sure.']);
    const result = await judgeContextRelevance('q?', 'One. Two.', gen, 'en');
    expect(result.readable).toBe(false);
    expect(result.score).toBeNaN();
  });
});

describe('judgeAnswerRelevance', () => {
  it('mean cosine between the question and the n generated questions', async () => {
    const gen = scriptedGenerator([
      JSON.stringify({ questions: ['地球上最高的山是哪座？', '珠穆朗玛峰的海拔是多少？', '世界上哪座山的海拔最高？', 'extra'] }),
    ]);
    const embedder = tableEmbedder({
      '地球上最高的山是哪座？': [1, 0],
      '珠穆朗玛峰的海拔是多少？': [0.6, 0.8],
      '世界上哪座山的海拔最高？': [0.8, 0.6],
    });
    const result = await judgeAnswerRelevance('地球上最高的山是哪座？', '珠穆朗玛峰，海拔 8848.86 米。', gen, embedder, {
      n: 3,
      lang: 'zh',
    });
    // cosines 1, 0.6, 0.8 → 0.8; the fourth question is beyond n
    expect(result.score).toBeCloseTo(0.8, 6);
    expect(result.questions).toHaveLength(3);
    expect(embedder.roles).toEqual(['query']);
    expect(gen.calls[0].messages.at(-1)?.content).toContain('3 个');
  });
  it('no generated question → NaN, and no embedding', async () => {
    const gen = scriptedGenerator(['{"questions": []}']);
    const embedder = tableEmbedder({ x: [1] });
    const result = await judgeAnswerRelevance('q', 'a', gen, embedder);
    expect(result.score).toBeNaN();
    expect(embedder.roles).toEqual([]);
  });
});
