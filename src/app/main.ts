import { mount } from 'svelte';
import type { LociClient } from '../protocol/api.ts';
import { createWorkerClient } from '../client/worker-client.ts';
import App from './App.svelte';
import { warmFonts } from './lib/warm-fonts.ts';
import './styles.css';

/**
 * The real client runs the engine in workers. `?fake=1` swaps in an in-memory double, loaded as
 * its own chunk so the production path never downloads it, to develop and look at the UI alone.
 */
async function pickClient(): Promise<LociClient> {
  if (new URLSearchParams(location.search).get('fake') === '1') {
    const { createFakeClient } = await import('./dev/fake-client.ts');
    return createFakeClient(new URLSearchParams(location.search));
  }
  return createWorkerClient();
}

const client = await pickClient();
mount(App, { target: document.getElementById('app')!, props: { client } });
warmFonts();
