/**
 * The version a service reports (`radar status`): RADAR_VERSION when the deployment sets it (an
 * image tag), else the one the build stamped into the bundle (tools/stack/bundle.mjs: the
 * repository's version and commit), else `development` for code run from source.
 */
export function serviceVersion(env: NodeJS.ProcessEnv = process.env): string {
  return env.RADAR_VERSION || process.env.RADAR_BUILD_VERSION || 'development';
}
