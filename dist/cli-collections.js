#!/usr/bin/env node
"use strict";function t(t,s){const o=new Map;for(const e of t){const t=s(e);const n=o.get(t);if(n)n.push(e);else o.set(t,[e])}return o}exports.groupBy=t;
