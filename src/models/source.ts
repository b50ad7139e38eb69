/**
 * Where transformers.js fetches model files from. One process-wide setting (transformers.js keeps
 * it in a module singleton), so the embed and LLM workers each call this once before loading.
 */
import { env } from '@huggingface/transformers';

export type ModelSource =
  /** A folder of models in the transformers.js layout, by its filesystem path (Node). The app's workers read the site's '/models/' as a mirror of its own origin instead (workers/shared/transformers-env.ts). */
  | { kind: 'local'; path: string }
  /** huggingface.co. */
  | { kind: 'hub' }
  /** A server with the hub's URL layout (`{model}/resolve/{revision}/file`), e.g. a corporate or regional mirror. */
  | { kind: 'mirror'; baseUrl: string; pathTemplate?: string };

export const HUB_HOST = 'https://huggingface.co/';
export const HUB_PATH_TEMPLATE = '{model}/resolve/{revision}/';

export function configureModelSource(source: ModelSource): void {
  switch (source.kind) {
    case 'local': {
      // transformers.js 4.3.1 silently skips tokenizer files when localModelPath is an absolute
      // http(s) URL and then fails much later ("this.tokenizer is not a function"): refuse early.
      if (/^[a-z][a-z0-9+.-]*:\/\//i.test(source.path)) {
        throw new Error(
          `Local model path must be a path such as '/models/', not a URL: ${source.path}. ` +
            `Use { kind: 'mirror', baseUrl } for models on another server.`,
        );
      }
      env.allowLocalModels = true;
      env.allowRemoteModels = false;
      env.localModelPath = withTrailingSlash(source.path);
      return;
    }
    case 'hub':
      env.allowLocalModels = false;
      env.allowRemoteModels = true;
      env.remoteHost = HUB_HOST;
      env.remotePathTemplate = HUB_PATH_TEMPLATE;
      return;
    case 'mirror':
      env.allowLocalModels = false;
      env.allowRemoteModels = true;
      env.remoteHost = withTrailingSlash(new URL(source.baseUrl).href);
      env.remotePathTemplate = source.pathTemplate ?? HUB_PATH_TEMPLATE;
      return;
  }
}

/** The current setting, read back from transformers.js (for diagnostics and tests). */
export function currentModelSource(): ModelSource {
  if (!env.allowRemoteModels) return { kind: 'local', path: env.localModelPath };
  if (env.remoteHost === HUB_HOST && env.remotePathTemplate === HUB_PATH_TEMPLATE) return { kind: 'hub' };
  return { kind: 'mirror', baseUrl: env.remoteHost, pathTemplate: env.remotePathTemplate };
}

export function withTrailingSlash(path: string): string {
  return path.endsWith('/') ? path : `${path}/`;
}
