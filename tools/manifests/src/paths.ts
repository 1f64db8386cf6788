import path from 'node:path';

/** Where the checked files live, from this project's place in the repository (tools/manifests). */
export const repositoryRoot = path.resolve(__dirname, '../../..');
export const kubernetesRoot = path.join(repositoryRoot, 'k8s');
export const overlaysRoot = path.join(kubernetesRoot, 'overlays');
/** Helm values of the stateful systems installed from charts: not Kubernetes objects, checked apart. */
export const chartValuesRoot = path.join(kubernetesRoot, 'charts');
export const composeFile = path.join(repositoryRoot, 'deploy', 'compose.yaml');
export const dockerfile = path.join(repositoryRoot, 'deploy', 'Dockerfile');
export const dockerignoreFile = path.join(repositoryRoot, 'deploy', 'Dockerfile.dockerignore');

/** Paths in messages are relative to the repository, as a developer would type them. */
export const relativeToRepository = (file: string): string => path.relative(repositoryRoot, file);
