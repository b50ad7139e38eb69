/**
 * The search steps a first question would build on its way (warmSearchSteps), built after an open
 * instead: after the rows have gone out, while the person reads them and types.
 */
import type { LociEngine } from '../../src/core/engine/engine.ts';
import type { Strategy } from '../../src/core/types.ts';
import { markOnce } from '../shared/mark-once.ts';
import { runTasksApart } from './tasks-apart.ts';

export function warmUpSearch(engine: LociEngine, strategy: Strategy): void {
  // bench:browser reads the mark to say when the first warm-up ended
  runTasksApart(() => engine.warmSearchSteps(strategy), 'the warm-up search', () => markOnce('warmed-up'));
}
