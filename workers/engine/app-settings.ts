/**
 * The person's settings: defaults, what is stored, and what the page's URL overrides for this
 * session only (`?models=local` must not leave the tiny models behind as the stored choice).
 */
import type { AppSettings } from '../../src/protocol/api.ts';
import { DEFAULT_RETRIEVAL } from '../../src/core/engine/defaults.ts';
import { BACKTRACK_MODES, RETRIEVERS, STRATEGIES } from '../../src/core/types.ts';
import { DEFAULT_EMBEDDER, DEFAULT_GENERATOR, DEFAULT_RERANKER } from '../../src/models/registry.ts';
import { Settings, type SettingChoices } from '../../src/browser-storage/settings.ts';
import type { LociDb } from '../../src/browser-storage/schema.ts';
import type { LaunchOptions } from '../../src/protocol/workers.ts';

/** A mapped copy of the interface: only type aliases satisfy the store's index signature. */
type SettingsRecord = { [K in keyof AppSettings]-?: AppSettings[K] | undefined };

const DEFAULT_APP_SETTINGS: AppSettings = {
  strategy: DEFAULT_RETRIEVAL.strategy,
  retriever: DEFAULT_RETRIEVAL.retriever,
  backtrack: DEFAULT_RETRIEVAL.backtrack,
  hops: DEFAULT_RETRIEVAL.hops,
  subQuestions: false,
  rerank: false,
  n: DEFAULT_RETRIEVAL.n,
  m: undefined,
  chunkTokens: 100,
  // LLM pre-parsing of every chunk is hours of work for a small on-device model; the extractive
  // mode gives the same entry kinds at once, and a person with a GPU can switch.
  preparse: 'extractive',
  preparseBudget: 64,
  ocr: true,
  embedderId: DEFAULT_EMBEDDER,
  generatorId: DEFAULT_GENERATOR,
  rerankerId: DEFAULT_RERANKER,
  uiLanguage: 'auto',
  modelSource: { kind: 'hub' },
};

/** Settings that are one of a few: a choice another version spelt differently reads as the default. */
const CHOICES: SettingChoices<SettingsRecord> = {
  strategy: STRATEGIES,
  retriever: RETRIEVERS,
  backtrack: BACKTRACK_MODES,
  hops: [1, 2],
  preparse: ['llm', 'extractive', 'off'],
  uiLanguage: ['auto', 'en', 'zh'],
};

/** The tiny models in /models/: real tokenizers and code paths, for tests and offline demos. */
const LOCAL_MODELS: Partial<AppSettings> = {
  modelSource: { kind: 'local' },
  embedderId: 'tiny-lexical-bert-zh',
  generatorId: 'tiny-random-qwen3',
  rerankerId: 'tiny-random-bert-reranker-zh',
};

export class AppSettingsStore {
  private readonly stored: Settings<SettingsRecord>;
  private current: AppSettings = DEFAULT_APP_SETTINGS;

  constructor(
    private readonly db: LociDb,
    private readonly launch: LaunchOptions,
  ) {
    this.stored = new Settings<SettingsRecord>(db, DEFAULT_APP_SETTINGS as SettingsRecord, CHOICES);
  }

  get value(): AppSettings {
    return this.current;
  }

  async load(): Promise<AppSettings> {
    const stored = (await this.stored.getAll()) as AppSettings;
    const local = this.launch.localModels ? { ...LOCAL_MODELS, ...(this.launch.localEmbedder ? { embedderId: this.launch.localEmbedder } : {}) } : {};
    this.current = { ...stored, ...local };
    return this.current;
  }

  /** Whether the embedder was chosen: by the page's address for this session, or stored (by the person, or an import's switch). */
  async embedderChosen(): Promise<boolean> {
    const key: keyof AppSettings = 'embedderId';
    return this.launch.localModels || (await this.db.get('settings', key)) !== undefined;
  }

  /** Stores only the keys changed, so a session override is never written back. */
  async update(patch: Partial<AppSettings>): Promise<AppSettings> {
    for (const key of Object.keys(patch) as (keyof AppSettings)[]) {
      await this.stored.set(key, patch[key]);
    }
    this.current = { ...this.current, ...patch };
    return this.current;
  }
}
