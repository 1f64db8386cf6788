export * from './errors';
export * from './events';
export * from './identity';
export * from './ledger';
export * from './operator';
export * from './rpc';
export * from './companies';
