/** The bridge page's path, which is also the permission path of everything about the bridge (docs/jobs.md). */
export const BRIDGE_PATH = '/service/bridge';
