/**
 * A tiny HotpotQA-shaped dataset folder (corpus.jsonl + <split>_questions.jsonl), written by the
 * tests that need it: ten paragraphs on unrelated topics and three two-hop questions.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export const PARAGRAPHS: Record<string, string> = {
  Violin:
    'The violin is a wooden string instrument played with a bow. Antonio Stradivari built famous violins in Cremona, Italy, and violinists still prize his instruments for their tone.',
  'Honey bee':
    'The honey bee lives in large colonies in a hive. Worker bees collect nectar from flowers and turn it into honey, which the colony stores in wax combs for the winter.',
  Volcano:
    'A volcano is a rupture in the crust of a planet where hot lava, volcanic ash and gases escape from a magma chamber below the surface. Mount Etna erupts often.',
  Chess:
    'Chess is a board game for two players on a checkered board of sixty-four squares. Each player moves sixteen pieces, and the goal is to checkmate the opposing king.',
  Bread:
    'Bread is a staple food baked from a dough of flour and water. Yeast makes the dough rise before it goes into a hot oven, and bakers sell loaves every morning.',
  Tide:
    'Tides are the rise and fall of sea levels caused by the gravity of the Moon and the Sun. Coastal towns see high tide and low tide about twice a day.',
  Penguin:
    'Penguins are flightless seabirds of the Southern Hemisphere. They swim with flippers, eat fish and krill, and the emperor penguin breeds on the Antarctic ice.',
  Railway:
    'A railway carries trains of passengers and freight on steel rails. Steam locomotives pulled the first trains, and electric high speed trains now link large cities.',
  Glacier:
    'A glacier is a slow river of ice that forms where snow piles up year after year. Glaciers carve valleys into mountains and melt into lakes as the climate warms.',
  Jazz:
    'Jazz is a music genre that began in New Orleans. Jazz musicians improvise on the trumpet, the saxophone and the piano, and swing bands filled dance halls.',
};

export const QUESTIONS = [
  {
    id: 'q-violin-bee',
    question: 'Did Antonio Stradivari build violins in Cremona, and do worker bees of a honey bee colony store honey in wax combs?',
    answer: 'yes',
    gold_titles: ['Violin', 'Honey bee'],
  },
  {
    id: 'q-penguin-glacier',
    question: 'Do emperor penguins breed on Antarctic ice near a glacier of snow and ice?',
    answer: 'yes',
    gold_titles: ['Penguin', 'Glacier'],
  },
  {
    id: 'q-jazz-railway',
    question: 'Which came first in New Orleans, jazz trumpet music or steam locomotives on railways?',
    answer: 'steam locomotives',
    gold_titles: ['Jazz', 'Railway'],
  },
];

/** Writes `<root>/hotpotqa/{corpus.jsonl, dev_questions.jsonl}` and returns `<root>`. */
export async function writeTinyHotpotqa(): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'loci-eval-'));
  const folder = path.join(root, 'hotpotqa');
  await mkdir(folder, { recursive: true });
  const corpus = Object.entries(PARAGRAPHS).map(([title, text]) => JSON.stringify({ title, text }));
  await writeFile(path.join(folder, 'corpus.jsonl'), `${corpus.join('\n')}\n`);
  const questions = QUESTIONS.map((q) => JSON.stringify({ ...q, supporting_facts: [], candidate_titles: [] }));
  await writeFile(path.join(folder, 'dev_questions.jsonl'), `${questions.join('\n')}\n`);
  return root;
}
