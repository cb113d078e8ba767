import { run } from './main.js';
import { stopOnSignals } from '../programs/run.js';

stopOnSignals((line) => process.stdout.write(`::error::${line}\n`));
// run() reports its own failures (core.setFailed); nothing is left to reject.
void run();
