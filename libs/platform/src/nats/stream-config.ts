import { RetentionPolicy, StorageType, type StreamConfig } from 'nats';
import type { StreamSettings } from '@radar/contracts';

const RETENTION: Record<StreamSettings['retention'], RetentionPolicy> = {
  limits: RetentionPolicy.Limits,
  workqueue: RetentionPolicy.Workqueue,
  interest: RetentionPolicy.Interest,
};

const STORAGE: Record<StreamSettings['storage'], StorageType> = {
  file: StorageType.File,
  memory: StorageType.Memory,
};

const nanos = (ms: number): number => ms * 1_000_000;

/**
 * The server's configuration of a contract stream. `replicas` applies only where the server
 * runs in a cluster: a single server refuses more than one copy, and has no second one to keep.
 */
export function streamConfigOf(
  name: string,
  settings: StreamSettings,
  subjectOf: (subject: string) => string,
  clustered: boolean,
): Pick<StreamConfig, 'name' | 'subjects' | 'retention' | 'storage' | 'max_age' | 'duplicate_window' | 'num_replicas'> {
  return {
    name,
    subjects: settings.subjects.map(subjectOf),
    retention: RETENTION[settings.retention],
    storage: STORAGE[settings.storage],
    max_age: nanos(settings.maxAgeMs),
    duplicate_window: nanos(settings.duplicateWindowMs),
    num_replicas: clustered ? settings.replicas : 1,
  };
}
