/**
 * This site's own models folder, the model source 'local': transformers.js reads it as a path,
 * web-llm and the folder import (which writes into transformers.js's cache under its URLs) as a
 * base. One place, so the three cannot drift apart.
 */
export const SITE_MODELS_PATH = `${import.meta.env.BASE_URL}models/`;
