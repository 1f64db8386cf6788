export { Bus, type BusOptions, type ConsumeOptions, type EventHandler, type EventMeta } from './bus';
export { streamBacklog, type ConsumerBacklog } from './stream-backlog';
