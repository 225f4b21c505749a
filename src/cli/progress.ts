// A one-line progress bar on stderr, only on a terminal and only for runs long enough to need one.
const MIN_FILES = 30;
const WIDTH = 30;

export interface Progress {
  tick(): void;
  done(): void;
}

export function progressBar(total: number, enabled: boolean): Progress {
  const stream = process.stderr;
  if (!enabled || !stream.isTTY || total < MIN_FILES) return { tick() {}, done() {} };
  let count = 0;
  let shown = -1;
  return {
    tick() {
      count++;
      const filled = Math.round((count / total) * WIDTH);
      if (filled === shown && count !== total) return;
      shown = filled;
      stream.write(`\r[${'#'.repeat(filled)}${' '.repeat(WIDTH - filled)}] ${count}/${total} files`);
    },
    done() {
      stream.write('\r\x1b[K');
    },
  };
}
