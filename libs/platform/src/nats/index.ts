export { Bus, type BusOptions, type ConsumeOptions, type EventHandler } from './bus';
