// How V8 tiers up the command line's code (imported first by main.ts; the flag is the process's,
// so the workers' too). A run is short and its hot code large: at V8's default interrupt budget,
// optimising every function that warms up costs about a second core's worth of compiling, and
// each worker compiles it all again. A larger budget leaves lukewarm code to the baseline
// compiler: on the bench's kernel-only corpus 20-25% less CPU time, and two workers 1.25x faster.
// The library (src/index.ts) leaves the embedding process's flags alone.
import { setV8Flag } from './v8-flags.js';

setV8Flag('--interrupt-budget=600000');
