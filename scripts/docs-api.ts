import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { CALLS } from '@/lib/server/calls';
import { renderApiReference } from './api-reference/render';

/** npm run docs:api: writes docs/api.md from the call table. */
const target = path.resolve(import.meta.dirname, '../docs/api.md');
writeFileSync(target, renderApiReference(CALLS));
console.log(`wrote ${path.relative(process.cwd(), target)}`);
