// Stands in for runtime-core's plugins/snapshot/SnapshotHandler.js in the shell's production build, whose runtime
// loads no manifest (`disableSnapshot`): what still runs there is kept, the manifest and snapshot loading is not.
import {
  getGlobalSnapshot,
  getGlobalSnapshotInfoByModuleInfo,
  getInfoWithoutType,
} from 'federation-runtime-core-dist/global.js';
import { PluginSystem } from 'federation-runtime-core-dist/utils/hooks/pluginSystem.js';
import { leftOut } from './left-out.js';

// As runtime-core 2.9.2 has it: removeRemote (run by registerRemotes with `force`) calls it.
function getGlobalRemoteInfo(moduleInfo, origin) {
  const hostGlobalSnapshot = getGlobalSnapshotInfoByModuleInfo({ name: origin.name, version: origin.options.version });
  const globalRemoteInfo =
    hostGlobalSnapshot &&
    'remotesInfo' in hostGlobalSnapshot &&
    hostGlobalSnapshot.remotesInfo &&
    getInfoWithoutType(hostGlobalSnapshot.remotesInfo, moduleInfo.name).value;
  if (globalRemoteInfo && globalRemoteInfo.matchedVersion)
    return {
      hostGlobalSnapshot,
      globalSnapshot: getGlobalSnapshot(),
      remoteSnapshot: getGlobalSnapshotInfoByModuleInfo({
        name: moduleInfo.name,
        version: globalRemoteInfo.matchedVersion,
      }),
    };
  return {
    hostGlobalSnapshot: undefined,
    globalSnapshot: getGlobalSnapshot(),
    remoteSnapshot: getGlobalSnapshotInfoByModuleInfo({
      name: moduleInfo.name,
      version: 'version' in moduleInfo ? moduleInfo.version : undefined,
    }),
  };
}

class SnapshotHandler {
  constructor(HostInstance) {
    this.loadingHostSnapshot = null;
    // removeRemote deletes from it.
    this.manifestCache = new Map();
    // No hooks: the handler's code that would call them is left out, so a listener to one would never be called.
    this.hooks = new PluginSystem({});
    this.HostInstance = HostInstance;
    this.loaderHook = HostInstance.loaderHook;
  }

  async loadRemoteSnapshotInfo() {
    leftOut('loading a remote snapshot (preloadRemote, a manifest)');
  }

  async getManifestJson() {
    leftOut('loading a manifest');
  }
}

export { SnapshotHandler, getGlobalRemoteInfo };
