/** Progress on stderr: one line rewritten in place on a terminal, plain lines otherwise. */
import type { Progress } from '../core/ports.ts';

/** Any stage name prints: the CLI shows the engine's stages and the eval harness's own. */
type Printable = Omit<Progress, 'stage'> & { stage: string };

export function stderrProgress(quiet: boolean): (p: Printable) => void {
  if (quiet) return () => {};
  const tty = process.stderr.isTTY;
  let lastLine = '';
  let lastStage = '';
  let lastTime = 0;
  return (p) => {
    const pct = p.total > 0 ? Math.floor((100 * p.done) / p.total) : 0;
    const line = `${p.stage} ${p.done}/${p.total} (${pct}%)${p.item ? ` ${p.item}` : ''}`;
    const now = Date.now();
    const finished = p.done >= p.total;
    const newStage = p.stage !== lastStage;
    if (line === lastLine || (!finished && !newStage && now - lastTime < (tty ? 100 : 2000))) return;
    lastLine = line;
    lastStage = p.stage;
    lastTime = now;
    process.stderr.write(tty ? `\r\x1b[K${line}` + (finished ? '\n' : '') : `${line}\n`);
  };
}
