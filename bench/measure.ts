// Runs the command line in this process and records its peak memory, which includes the worker
// threads: `node dist/bench/measure.js <result.json> <hip2vortex arguments...>`.
import { writeFileSync } from 'node:fs';
import { main } from '../src/cli/main.js';

const [resultFile, ...args] = process.argv.slice(2);
const exitCode = await main([process.argv[0], 'hip2vortex', ...args]);
writeFileSync(resultFile, JSON.stringify({ exitCode, maxRssKiB: process.resourceUsage().maxRSS }));
process.exitCode = exitCode;
