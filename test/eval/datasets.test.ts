import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDataset } from '../../src/eval/datasets/load.ts';
import { htmlToText } from '../../src/eval/datasets/html-text.ts';
import { DATA_DIR } from '../support/paths.ts';

const dev = { dataDir: DATA_DIR, split: 'dev' };

describe('real dev files (../shared/data)', () => {
  it('hotpotqa: 975 paragraphs, 30 questions with two gold titles each', async () => {
    const d = await loadDataset('hotpotqa', dev);
    expect(d.pooled).toBe(true);
    expect(d.documents).toHaveLength(975);
    expect(d.questions).toHaveLength(30);
    expect(d.documents[0]).toMatchObject({ id: 'Hot Pixel', title: 'Hot Pixel' });
    expect(d.questions[0]).toMatchObject({
      id: '5a7fd6fc5542995d8a8ddf31',
      lang: 'en',
      answers: ['Charles A. Agemian'],
      gold: { type: 'titles', titles: ['Charles A. Agemian', 'Arshile Gorky'] },
    });
    expect(d.questions.every((q) => q.gold?.type === 'titles' && q.gold.titles.length === 2)).toBe(true);
  });

  it('rgb: 100 refine + 30 int questions over one deduplicated passage pool', async () => {
    const d = await loadDataset('rgb', dev);
    expect(d.questions.filter((q) => q.id.startsWith('zh_refine-'))).toHaveLength(100);
    expect(d.questions.filter((q) => q.id.startsWith('zh_int-'))).toHaveLength(30);
    const texts = d.documents.map((doc) => doc.text);
    expect(new Set(texts).size).toBe(texts.length);
    const pool = new Set(texts);
    for (const q of d.questions) {
      if (q.gold?.type !== 'passages') throw new Error('rgb gold must be passages');
      expect(q.gold.texts.every((t) => pool.has(t))).toBe(true);
    }
    const refine = d.questions.find((q) => q.id === 'zh_refine-200');
    expect(refine).toMatchObject({ question: '2022年全国棉花产量', lang: 'zh', answers: ['597.7万吨'], answerParts: [['597.7万吨']] });
    // int: passages grouped by the fact they state; the answer needs every part
    const int = d.questions.find((q) => q.id === 'zh_int-70');
    expect(int?.answerParts).toEqual([['2022年11月30日'], ['2023年3月14日']]);
    if (int?.gold?.type !== 'passages') throw new Error('int gold must be passages');
    expect(new Set(int.gold.ids)).toEqual(new Set(['fact0', 'fact1']));
  });

  it('quality: 5 articles, 77 questions, hard flags on the last article only', async () => {
    const d = await loadDataset('quality', dev);
    expect(d.pooled).toBe(false);
    expect(d.documents).toHaveLength(5);
    expect(d.questions).toHaveLength(77);
    expect(d.documents.every((doc) => doc.group === doc.id && (doc.text?.length ?? 0) > 10_000)).toBe(true);
    expect(d.questions[0]).toMatchObject({ id: 'leval_quality_11_q00', group: 'leval_quality_11', goldLetter: 'B' });
    expect(d.questions[0].options).toHaveLength(4);
    const flagged = d.questions.filter((q) => q.hard !== undefined);
    expect(flagged).toHaveLength(5);
    expect(flagged.every((q) => q.group === '52845')).toBe(true);
    expect(flagged.filter((q) => q.hard)).toHaveLength(4);
    // the official article ships as HTML: read as text
    const html = d.documents.find((doc) => doc.id === '52845');
    expect(html?.text).toMatch(/^THE GIRL IN HIS MIND\n\nBy ROBERT F. YOUNG/);
    expect(html?.text).not.toContain('<p');
    expect(d.questions.find((q) => q.id === '52845_YLZPNNYD_1')?.goldLetter).toBe('B');
  });

  it('financebench: 29 filings (PDF paths), 36 questions, evidence pages made 1-based', async () => {
    const d = await loadDataset('financebench', dev);
    expect(d.documents).toHaveLength(29);
    expect(d.questions).toHaveLength(36);
    expect(d.questions.reduce((n, q) => n + (q.gold?.type === 'pages' ? q.gold.items.length : 0), 0)).toBe(48);
    expect(d.documents.every((doc) => doc.path?.endsWith('.pdf') && doc.text === undefined)).toBe(true);
    const amcor = d.questions.find((q) => q.id === 'financebench_id_01935');
    expect(amcor?.gold).toMatchObject({ type: 'pages', items: [{ doc: 'AMCOR_2022_8K_dated-2022-07-01', page: 2 }] });
    const netflix = d.questions.find((q) => q.gold?.type === 'pages' && q.gold.items.length === 2);
    expect(netflix?.gold).toMatchObject({ items: [{ doc: 'NETFLIX_2015_10K', page: 40 }, { doc: 'NETFLIX_2015_10K', page: 42 }] });
  });

  it('msmarco: 5000 passages, 13 queries with graded qrels (the stray query ignored)', async () => {
    const d = await loadDataset('msmarco', dev);
    expect(d.documents).toHaveLength(5000);
    expect(d.questions).toHaveLength(13);
    expect(d.questions.some((q) => q.id === '19335')).toBe(false);
    const q = d.questions.find((x) => x.id === '1106007');
    expect(q?.question).toBe('define visceral?');
    expect(q?.gold).toMatchObject({ type: 'qrels', grades: { '1020463': 1, '1334328': 2, '1334330': 3 } });
    const total = d.questions.reduce((n, x) => n + (x.gold?.type === 'qrels' ? Object.keys(x.gold.grades).length : 0), 0);
    expect(total).toBe(1360);
  });
});

describe('another folder, another split name', () => {
  let dir: string;
  const write = async (file: string, lines: unknown[] | string) => {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), typeof lines === 'string' ? lines : lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'loci-eval-data-'));
    await write('hotpotqa/corpus.jsonl', [
      { title: 'A', text: 'Alpha.' },
      { title: 'B', text: 'Beta.' },
    ]);
    await write('hotpotqa/tiny_questions.jsonl', [{ id: 'q1', question: 'A and B?', answer: 'yes', gold_titles: ['A', 'B'] }]);
    await write('rgb/zh_refine_tiny.jsonl', [
      { id: 1, query: '问一', answer: ['甲'], positive: ['甲是答案。', '共享段落。'], negative: ['无关。'] },
      { id: 2, query: '问二', answer: [['乙', '乙乙']], positive: ['乙是答案。'], negative: ['共享段落。'] },
    ]);
    await write('rgb/zh_refine_dev.jsonl', [{ id: 9, query: '别的', answer: ['x'], positive: ['x'], negative: [] }]);
    await write('quality/tiny.jsonl', [
      {
        article_id: 7,
        title: 'T',
        article: 'Text.',
        questions: [{ question_id: 'q', question: 'Q?', options: ['a', 'b', 'c', 'd'], gold_label: 4, difficult: 1 }],
      },
    ]);
    await write('msmarco/corpus.jsonl', [
      { _id: 'd1', title: '', text: 'one' },
      { _id: 'd2', title: '', text: 'two' },
    ]);
    await write('msmarco/tiny_queries.jsonl', [
      { _id: 'q1', text: 'one?' },
      { _id: 'q2', text: 'none?' },
    ]);
    await write('msmarco/tiny_qrels.tsv', 'query-id\tcorpus-id\tscore\nq1\td1\t2\nq1\td2\t0\n');
    await write('bad/tiny.jsonl', '{"article_id": "x", "title": "T", "article": "t", "questions": []}\n\nnot json\n');
    await write('bad2/tiny.jsonl', '{"article_id": "x", "title": 3, "article": "t", "questions": []}\n');
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('finds the split files by name', async () => {
    const h = await loadDataset('hotpotqa', { dataDir: dir, split: 'tiny' });
    expect(h.documents.map((d) => d.id)).toEqual(['A', 'B']);
    // a paragraph is ingested as Markdown under its title, so the title heads its chunks
    expect(h.documents[0]).toMatchObject({ name: 'hotpotqa-0.md', title: 'A', text: '# A\n\nAlpha.' });
    expect(h.questions).toHaveLength(1);

    const r = await loadDataset('rgb', { dataDir: dir, split: 'tiny' });
    expect(r.questions.map((q) => q.id)).toEqual(['zh_refine-1', 'zh_refine-2']);
    // the shared passage is pooled once; the dev file of the same folder is not read
    expect(r.documents.map((d) => d.text)).toEqual(['甲是答案。', '共享段落。', '无关。', '乙是答案。']);
    expect(r.questions[1]).toMatchObject({ answers: ['乙', '乙乙'], answerParts: [['乙', '乙乙']] });

    const q = await loadDataset('quality', { dataDir: dir, split: 'tiny' });
    expect(q.questions[0]).toMatchObject({ id: 'q', group: '7', goldLetter: 'D', hard: true });

    const m = await loadDataset('msmarco', { dataDir: dir, split: 'tiny' });
    expect(m.questions[0].gold).toEqual({ type: 'qrels', grades: { d1: 2 } });
    expect(m.questions[1].gold).toBeUndefined();
  });

  it('accepts the dataset folder itself as the data folder', async () => {
    const h = await loadDataset('hotpotqa', { dataDir: path.join(dir, 'hotpotqa'), split: 'tiny' });
    expect(h.questions).toHaveLength(1);
  });

  it('names the missing files of a split', async () => {
    await expect(loadDataset('hotpotqa', { dataDir: dir, split: 'test' })).rejects.toThrow(/needs test_questions\.jsonl/);
    await expect(loadDataset('rgb', { dataDir: dir, split: 'test' })).rejects.toThrow(/zh_<subset>_test\.jsonl/);
    await expect(loadDataset('quality', { dataDir: dir, split: '../x' })).rejects.toThrow(/split name/);
  });

  it('names the file and line of malformed data', async () => {
    await expect(loadDataset('quality', { dataDir: path.join(dir, 'bad'), split: 'tiny' })).rejects.toThrow(
      /bad\/tiny\.jsonl:3: not JSON/,
    );
    await expect(loadDataset('quality', { dataDir: path.join(dir, 'bad2'), split: 'tiny' })).rejects.toThrow(
      /bad2\/tiny\.jsonl:1: field "title" must be a string, got number/,
    );
  });
});

describe('htmlToText', () => {
  it('blocks become paragraphs, wraps are folded, <br> breaks a line, entities decoded', () => {
    const html = '<html><head><title>x</title></head><h1>\n  Title\n</h1><p>one\ntwo &amp; three<br/>four</p><hr/><p>five</p></html>';
    expect(htmlToText(html)).toBe('Title\n\none two & three\nfour\n\nfive');
  });
});
