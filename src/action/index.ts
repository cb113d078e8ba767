import { run } from './main.js';
import { stopOnSignals } from '../programs/run.js';

// Not awaited at the top level: the bundle inlines lazily imported modules after this line, and a
// top-level await here would hold back their initialisation until the run had finished.
stopOnSignals((line) => process.stdout.write(`::error::${line}\n`));
void run();
