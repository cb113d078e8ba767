import { run } from './main.js';

// Not awaited at the top level: the bundle inlines lazily imported modules after this line, and a
// top-level await here would hold back their initialisation until the run had finished.
void run();
