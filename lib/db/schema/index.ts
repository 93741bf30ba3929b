export * from './clients';
export * from './users';
export * from './obligors';
export * from './ledger';
export * from './tasks';
export * from './investors';
export * from './rollups';
