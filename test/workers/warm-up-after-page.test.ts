/**
 * The warm-up search after an open waits for the page to show what its start asked for: run as
 * the index opened, its steps held up each of the page's start requests. It warms the engine
 * still open then, and an engine replaced meanwhile is left alone.
 */
import { describe, expect, it } from 'vitest';
import type { LociEngine } from '../../src/core/engine/engine.ts';
import type { IndexOpening } from '../../src/protocol/api.ts';
import { EngineEvents } from '../../workers/engine/engine-events.ts';
import { indexOpened } from '../../workers/engine/index-opened.ts';
import { PageShown } from '../../workers/engine/page-shown.ts';
import type { Workspace } from '../../workers/engine/workspace.ts';

/** Resolves once every task queued so far, and those they queue in turn, has run. */
const tasksDone = (rounds = 10) => new Promise<void>((resolve) => {
  const wait = (left: number) => (left === 0 ? resolve() : setTimeout(() => wait(left - 1), 0));
  wait(rounds);
});

/** An engine double that counts the warm-up steps it runs. */
function engineDouble(): { engine: LociEngine; steps: string[] } {
  const steps: string[] = [];
  const engine = { damage: [], warmSearchSteps: () => [() => steps.push('names'), () => steps.push('words')] } as unknown as LociEngine;
  return { engine, steps };
}

function workspace(page: PageShown): Workspace {
  return { page, image: { soon: () => undefined }, settings: { value: { strategy: 'naive' } } } as unknown as Workspace;
}

const opening: IndexOpening = { from: 'records', ms: 1, readMs: 1, corpusAdopted: false, recordsSince: 0 };

describe('the warm-up search after an open', () => {
  it('waits for the page to show its start, then warms the open engine a step a task', async () => {
    const page = new PageShown();
    const { engine, steps } = engineDouble();
    indexOpened(workspace(page), engine, opening, { events: new EngineEvents(), engine: () => engine });
    await tasksDone();
    expect(steps).toEqual([]);
    page.shown();
    await tasksDone();
    expect(steps).toEqual(['names', 'words']);
  });

  it('warms at once an index opened after the page was shown, and not an engine replaced before it was', async () => {
    const page = new PageShown();
    const first = engineDouble();
    const second = engineDouble();
    let open = first.engine;
    indexOpened(workspace(page), first.engine, opening, { events: new EngineEvents(), engine: () => open });
    open = second.engine;
    page.shown();
    indexOpened(workspace(page), second.engine, opening, { events: new EngineEvents(), engine: () => open });
    await tasksDone();
    expect(first.steps).toEqual([]);
    expect(second.steps).toEqual(['names', 'words']);
  });
});
