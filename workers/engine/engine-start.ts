/**
 * The engine worker's start, once its workspace is open: the models chosen, the index opened (the
 * start returns once it is searchable, by words when its model is still loading), where the models
 * run, and the chat model (its tokenizer first) warmed in the background once the library is quiet.
 */
import type { DeviceReport } from '../../src/models/device.ts';
import type { AppSettings, DeviceSummary, IndexOpening } from '../../src/protocol/api.ts';
import type { GeneratorPlan } from '../../src/protocol/workers.ts';
import type { EngineEvents } from './engine-events.ts';
import type { EngineModels } from './engine-models.ts';
import { errorWords } from './error-words.ts';
import type { IndexHost } from './index-host.ts';
import { siteEmbedder } from './site-embedder.ts';
import type { Workspace } from './workspace.ts';

/** How long no file may wait to be read before the chat model loads: enough to catch a drop made as the app opens. */
const GENERATOR_QUIET_MS = 2000;

export type Started = { settings: AppSettings; device: DeviceSummary; index?: IndexOpening };

/**
 * A model that cannot be loaded does not fail the start: the settings come back all the same (the
 * error arrives as an event), so the person can pick another model or source, which opens the index.
 */
export async function startEngine(ws: Workspace, index: IndexHost, events: EngineEvents, siteManifest?: string): Promise<Started> {
  const settings = await startingSettings(ws, siteManifest);
  ws.models.choose(settings);
  // asked of the embed and chat workers while the index opens: asked after it, the start's reply
  // waited for them, the embed worker busy loading its model
  // (docs/decisions/2026-12-07-reopen-beside-the-image.md)
  const asked = askedAhead(ws.models, settings);
  const searchable = Promise.withResolvers<void>();
  const open = index.open(ws, settings, { onSearchable: () => searchable.resolve() }).catch((error: unknown) => index.openFailed(error, settings));
  await Promise.race([open, searchable.promise]);
  const device = await deviceSummary(ws.models, asked);
  // The chat model loads in the background once no dropped file is still being read. Loaded
  // beside a 104-page PDF dropped at the start (bench:browser --only pdf), it doubled the PDF's
  // reading (docs/decisions/2026-11-26-chat-model-after-files.md). A question asked before then
  // loads it to answer. While no search
  // model could load either, that notice already says the models cannot be fetched.
  // Its tokenizer comes first: a question's sources are counted with it (RemoteGenerator.countTokens),
  // so they need not wait for the model. Built at the start, it took half a second of CPU from a
  // reopened library's first question (docs/decisions/2026-12-03-reopen-first-sources.md#the-chat-models-tokenizer-at-the-first-quiet-moment); a question
  // asked before the quiet moment fetches it, and its sources are counted by an estimate meanwhile.
  void ws.library.whenSearchable(GENERATOR_QUIET_MS).then(() => {
    ws.models.warmTokenizer().catch(() => undefined);
    return ws.models.warmGenerator().catch((error: unknown) => {
      if (index.engine) events.notify({ kind: 'generator-unavailable', detail: errorWords(error) });
    });
  });
  return { settings, device, ...(index.opening ? { index: index.opening } : {}) };
}

/** The settings to start on: an empty library whose embedder nobody chose takes the site's library's (site-embedder.ts). */
async function startingSettings(ws: Workspace, siteManifest: string | undefined): Promise<AppSettings> {
  const embedderId = await siteEmbedder({ manifestUrl: siteManifest, empty: ws.library.rows().length === 0, embedderChosen: () => ws.settings.embedderChosen() });
  return embedderId && embedderId !== ws.settings.value.embedderId ? ws.settings.update({ embedderId }) : ws.settings.value;
}

/** The embedder's probe and the chat model's plan, asked now; a failure is said only if the start reads it. */
function askedAhead(models: EngineModels, settings: AppSettings): { probe: Promise<DeviceReport>; plan: Promise<GeneratorPlan> } {
  const asked = { probe: models.probeEmbedder(settings), plan: models.plan(settings) };
  asked.probe.catch(() => undefined);
  asked.plan.catch(() => undefined);
  return asked;
}

/** Where the models run; from the probe while the embedder is not loaded (still loading after an early open, or failed). */
async function deviceSummary(models: EngineModels, asked: ReturnType<typeof askedAhead>): Promise<DeviceSummary> {
  const embedder = models.loadedEmbedder;
  const [report, plan] = await Promise.all([embedder?.report ?? asked.probe, asked.plan]);
  return {
    webgpu: report.webgpu,
    shaderF16: report.shaderF16,
    fallbackAdapter: report.fallbackAdapter,
    embedderDevice: embedder?.device ?? report.embedderDevice,
    generatorBackend: plan.backend,
    reasons: [...new Set([...report.reasons, ...plan.reasons])],
  };
}
