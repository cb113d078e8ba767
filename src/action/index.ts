import { run } from './main.js';
import { stopOnSignals } from '../programs/run.js';

stopOnSignals((line) => process.stdout.write(`::error::${line}\n`));
await run();
